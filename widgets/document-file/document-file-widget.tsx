import { type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { kindPickerFilter, uploadKindOf } from '../../src/renderer/public-api/files';
import { FileField } from '../pdf-file/file-field';

/** Spec section 9: the modification re-upload takes jpg, jpeg, png, doc, docx, txt and pdf; the server checks the content. */
const documents = '.jpg,.jpeg,.png,.doc,.docx,.txt,.pdf';

/**
 * One document, checked here for size only, kept by reference for the page's effect. A field of an upload kind
 * ("x-upload") offers that kind's types (flow-config/uploads.json); others the modification's list.
 */
export function DocumentFileWidget(props: StepWidgetProps) {
  const kind = uploadKindOf(props.schema);
  return <FileField {...props} accept={(kind && kindPickerFilter(kind)) || documents} chooseKey="fileChoose" />;
}
