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
import { sizeText } from './pdf-check';
import './pdf-file.css';

export interface FileFieldProps extends StepWidgetProps {
  /** The system picker's filter, e.g. 'application/pdf,.pdf'. */
  accept: string;
  /** Copy keys of the button before and after a file is chosen. */
  chooseKey: string;
  changeKey: string;
  /** A check of the content beyond the size (a PDF by its first bytes): the message, or undefined. */
  check?: (file: File) => Promise<string | undefined>;
}

/**
 * One file, chosen with the system picker and checked here before anything is sent (its size by type, then
 * `check`); the form data keeps a reference to it, and the page's effect sends it. The server checks again.
 */
export function FileField(props: FileFieldProps) {
  const { id, value, disabled, readonly, onChange, onBlur, registry, accept, chooseKey, changeKey, check } = props;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const file = pickedFile(value);
  const copy = (key: string, values?: Record<string, string>) => formText(registry.formContext, key, values);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!chosen) return;
    const refused = fileSizeProblem(chosen, copy('fileTooLarge')) ?? (await check?.(chosen));
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
        accept={accept}
        disabled={disabled || readonly}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(event) => void choose(event)}
      />
      <div className="pdf-file-row">
        <Button onClick={() => input.current?.click()} disabled={disabled || readonly}>
          {copy(file ? changeKey : chooseKey)}
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
