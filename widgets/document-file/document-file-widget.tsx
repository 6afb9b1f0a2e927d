import type { StepWidgetProps } from '../../src/renderer/public-api';
import { FileField } from '../pdf-file/file-field';

/** Spec section 9: the modification re-upload takes jpg, jpeg, png, doc, docx, txt and pdf; the server checks the content. */
const documents = '.jpg,.jpeg,.png,.doc,.docx,.txt,.pdf';

/** One document of any accepted type, checked here for size only, kept by reference for the page's effect. */
export function DocumentFileWidget(props: StepWidgetProps) {
  return <FileField {...props} accept={documents} chooseKey="fileChoose" />;
}
