import { Button } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { describedBy, fieldLabelId, formText, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { useFileSizeProblem, forgetPickedFile, keepPickedFile, pickedFile, uploadKindOf, useUploadTexts } from '../../src/renderer/public-api/files';
import { FileFacts, FileThumb } from './file-summary';
import './pdf-file.css';

export interface FileFieldProps extends StepWidgetProps {
  /** The system picker's filter, e.g. 'application/pdf,.pdf'. */
  accept: string;
  /** Copy key of the button that opens the picker while no file is chosen. */
  chooseKey: string;
  /** A check of the content beyond the size (a PDF by its first bytes): the message, or undefined. */
  check?: (file: File) => Promise<string | undefined>;
}

/**
 * The one upload control of every file field (income proof, modification, re-KYC): a wide button to choose the
 * file; once chosen, its name, size, and a thumbnail (an image) or its page count (a PDF), with Replace and
 * Remove. The file is checked here before anything is sent (its size by type, then `check`); the form data keeps
 * a reference to it, and the page's effect sends it. The server checks again.
 */
export function FileField(props: FileFieldProps) {
  const { id, value, disabled, readonly, onChange, onBlur, registry, accept, chooseKey, check } = props;
  const input = useRef<HTMLInputElement>(null);
  const focusAfter = useRef<'replace' | 'choose' | undefined>(undefined);
  const replaceButton = useRef<HTMLButtonElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const file = pickedFile(value);
  const texts = useUploadTexts();
  const fileSizeProblem = useFileSizeProblem();
  const locked = !!(disabled || readonly);
  const copy = (key: string, values?: Record<string, string>) => formText(registry.formContext, key, values);
  // A field of an upload kind ("x-upload" in its schema) takes that kind's limit; others their type's.
  const kind = uploadKindOf(props.schema);

  // The button that had focus goes when the control changes shape: focus moves to its counterpart.
  useEffect(() => {
    const target = focusAfter.current === 'replace' ? replaceButton.current : focusAfter.current === 'choose' ? chooseButton.current : null;
    focusAfter.current = undefined;
    target?.focus();
  }, [file]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!chosen) return;
    const refused = fileSizeProblem(chosen, copy('fileTooLarge'), kind) ?? (await check?.(chosen));
    setProblem(refused);
    forgetPickedFile(value);
    focusAfter.current = refused ? 'choose' : 'replace';
    onChange(refused ? undefined : keepPickedFile(chosen, kind));
    onBlur(id, refused ? undefined : chosen.name);
  };

  const remove = () => {
    forgetPickedFile(value);
    setProblem(undefined);
    focusAfter.current = 'choose';
    onChange(undefined);
  };

  const errorId = problem ? `${id}__file-error` : undefined;
  const described = [errorId, describedBy(props)].filter(Boolean).join(' ') || undefined;
  return (
    <div className="upload-field">
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        disabled={locked}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        tabIndex={-1}
        // The form focuses a field by its id (the first invalid one on submit): hand that to the visible button.
        onFocus={() => (replaceButton.current ?? chooseButton.current)?.focus()}
        onChange={(event) => void choose(event)}
      />
      {file ? (
        <div className="upload-file">
          <FileThumb file={file} />
          <div className="upload-file-text">
            <span className="upload-file-name">{file.name}</span>
            <FileFacts file={file} pages={texts.pages} onePage={texts.onePage} />
          </div>
          <div className="upload-file-actions">
            <Button ref={replaceButton} disabled={locked} aria-label={`${texts.replace} ${file.name}`} onClick={() => input.current?.click()}>
              {texts.replace}
            </Button>
            <Button type="text" danger disabled={locked} aria-label={`${texts.remove} ${file.name}`} onClick={remove}>
              {texts.remove}
            </Button>
          </div>
        </div>
      ) : (
        <button
          ref={chooseButton}
          type="button"
          className="upload-choose"
          disabled={locked}
          // Which field the button fills, read after its own name ('Choose PDF'); the label itself names the input.
          aria-describedby={[fieldLabelId(id), described].filter(Boolean).join(' ')}
          aria-invalid={problem || props.rawErrors?.length ? true : undefined}
          onClick={() => input.current?.click()}
        >
          <span className="upload-choose-icon" aria-hidden="true">
            ↑
          </span>
          {copy(chooseKey)}
        </button>
      )}
      {problem ? (
        <div className="onboard-field-error" id={errorId} role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
