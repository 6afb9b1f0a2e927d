import { useRef, useState, type ChangeEvent } from 'react';
import { describedBy, fieldLabelId, formText, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { UploadControl, useFileSizeProblem, forgetPickedFile, keepPickedFile, pickedFile, uploadKindOf, useUploadTexts } from '../../src/renderer/public-api/files';

export interface FileFieldProps extends StepWidgetProps {
  /** The system picker's filter, e.g. 'application/pdf,.pdf'. */
  accept: string;
  /** Copy key of the button that opens the picker while no file is chosen. */
  chooseKey: string;
  /** A check of the content beyond the size (a PDF by its first bytes): the message, or undefined. */
  check?: (file: File) => Promise<string | undefined>;
}

/**
 * A file field (income proof, modification, re-KYC) in the upload control: the file is checked here before anything
 * is sent (its size by type, then `check`); the form data keeps a reference to it, and the page's effect sends it.
 * The server checks again.
 */
export function FileField(props: FileFieldProps) {
  const { id, value, disabled, readonly, onChange, onBlur, registry, accept, chooseKey, check } = props;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const file = pickedFile(value);
  const fileSizeProblem = useFileSizeProblem();
  const texts = useUploadTexts();
  const copy = (key: string, values?: Record<string, string>) => formText(registry.formContext, key, values);
  // A field of an upload kind ("x-upload" in its schema) takes that kind's limit; others their type's.
  const kind = uploadKindOf(props.schema);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!chosen) return;
    const refused = fileSizeProblem(chosen, copy('fileTooLarge'), kind) ?? (await check?.(chosen));
    setProblem(refused);
    forgetPickedFile(value);
    onChange(refused ? undefined : keepPickedFile(chosen, kind));
    onBlur(id, refused ? undefined : chosen.name);
  };

  const remove = () => {
    forgetPickedFile(value);
    setProblem(undefined);
    onChange(undefined);
  };

  const errorId = problem ? `${id}__file-error` : undefined;
  const described = [errorId, describedBy(props)].filter(Boolean).join(' ') || undefined;
  const control = useRef<HTMLDivElement>(null);
  return (
    <div className="upload-field" ref={control}>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        disabled={!!(disabled || readonly)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        tabIndex={-1}
        // The form focuses a field by its id (the first invalid one on submit): hand that to the visible button.
        onFocus={() => control.current?.querySelector<HTMLButtonElement>('button')?.focus()}
        onChange={(event) => void choose(event)}
      />
      <UploadControl
        texts={texts}
        file={file}
        chooseLabel={copy(chooseKey)}
        locked={!!(disabled || readonly)}
        invalid={!!(problem || props.rawErrors?.length)}
        // Which field the button fills, read after its own name ('Choose PDF'); the label itself names the input.
        describedBy={[fieldLabelId(id), described].filter(Boolean).join(' ')}
        onChoose={() => input.current?.click()}
        onRemove={remove}
      />
      {problem ? (
        <div className="onboard-field-error" id={errorId} role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}
