import { formText, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { looksLikePdf } from '../../src/renderer/public-api/files';
import { FileField } from './file-field';

/** One PDF: chosen with the system picker, checked here (a PDF by content, at most 10 MB), kept by reference. */
export function PdfFileWidget(props: StepWidgetProps) {
  const pdfOnly = async (file: File) => ((await looksLikePdf(file)) ? undefined : formText(props.registry.formContext, 'pdfOnly'));
  return <FileField {...props} accept="application/pdf,.pdf" chooseKey="pdfChoose" check={pdfOnly} />;
}
