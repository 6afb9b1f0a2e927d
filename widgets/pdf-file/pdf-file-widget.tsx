import { Button } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import {
  describedBy,
  fileSizeProblem,
  forgetPickedFile,
  formText,
  keepPickedFile,
  pickedFile,
  type StepWidgetProps,
} from '../../src/renderer/public-api';
import { looksLikePdf, sizeText } from './pdf-check';
import './pdf-file.css';

/** One PDF: chosen with the system picker, checked here (a PDF by content, at most 10 MB), kept by reference. */
export function PdfFileWidget(props: StepWidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, registry } = props;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const file = pickedFile(value);
  const copy = (key: string, values?: Record<string, string>) => formText(registry.formContext, key, values);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!chosen) return;
    const tooLarge = fileSizeProblem(chosen, copy('fileTooLarge'));
    const refused = tooLarge ?? ((await looksLikePdf(chosen)) ? undefined : copy('pdfOnly'));
    setProblem(refused);
    forgetPickedFile(value);
    onChange(refused ? undefined : keepPickedFile(chosen));
    onBlur(id, refused ? undefined : chosen.name);
  };

  const errorId = problem ? `${id}__file-error` : undefined;
  const described = [errorId, describedBy(props)].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pdf-file">
      <input
        ref={input}
        id={id}
        className="pdf-file-input"
        type="file"
        accept="application/pdf,.pdf"
        disabled={disabled || readonly}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(event) => void choose(event)}
      />
      <div className="pdf-file-row">
        <Button onClick={() => input.current?.click()} disabled={disabled || readonly}>
          {copy(file ? 'pdfChange' : 'pdfChoose')}
        </Button>
        {file ? (
          <span className="pdf-file-name">
            {file.name} · {sizeText(file.size)}
          </span>
        ) : null}
      </div>
      {problem ? (
        <div className="onboard-field-error" id={errorId} role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
