import { useEffect, useRef } from 'react';
import type { UploadTexts } from '../../core/engine/config-types';
import { FileFacts, FileThumb } from './upload-file-summary';
import './upload-control.css';

export interface UploadControlProps {
  /** Replace, Remove and a PDF's pages (flow-config/messages.json `uploads`). */
  texts: UploadTexts;
  /** The chosen file, or none yet. */
  file: File | undefined;
  /** The id of the visible button (Choose, then Replace), when the form reaches the field through it. */
  buttonId?: string | undefined;
  /** The Choose button's words ('Choose PDF', 'Choose PAN card image'). */
  chooseLabel: string;
  /** Replace's words; the upload texts' 'Replace' unless the field names its own ('Choose another image'). */
  replaceLabel?: string | undefined;
  /** The thumbnail's text alternative (the field's 'Your PAN card'); none when the file's name beside it says it all. */
  thumbAlt?: string | undefined;
  locked: boolean;
  invalid: boolean;
  /** What the Choose button is described by (the field's label, help and errors). */
  describedBy?: string | undefined;
  /** Opens the system picker (or the widget's own flow: a crop dialog). */
  onChoose: () => void;
  onRemove: () => void;
}

/**
 * The one upload control of every file field: a wide dashed Choose button; once a file is chosen, a card with its
 * thumbnail (an image) or type tile, its name, size (and a PDF's pages), Replace and Remove. Focus moves to the
 * counterpart of the button that went (Choose ↔ Replace) when the file comes or goes.
 */
export function UploadControl({ texts, file, buttonId, chooseLabel, replaceLabel, thumbAlt, locked, invalid, describedBy, onChoose, onRemove }: UploadControlProps) {
  const focusAfter = useRef(false);
  const replaceButton = useRef<HTMLButtonElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    focusAfter.current = false;
    (file ? replaceButton.current : chooseButton.current)?.focus();
  }, [file]);
  const act = (action: () => void) => () => {
    focusAfter.current = true;
    action();
  };

  if (!file) {
    return (
      <button
        ref={chooseButton}
        id={buttonId}
        type="button"
        className="upload-choose"
        // Its own words: a field's <label for> would otherwise name it by the field, hiding what it does.
        aria-label={chooseLabel}
        disabled={locked}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onClick={act(onChoose)}
      >
        <span className="upload-choose-icon" aria-hidden="true">
          ↑
        </span>
        {chooseLabel}
      </button>
    );
  }
  const replace = replaceLabel ?? texts.replace;
  return (
    <div className="upload-file">
      <FileThumb file={file} alt={thumbAlt} />
      <div className="upload-file-text">
        <span className="upload-file-name">{file.name}</span>
        <FileFacts file={file} pages={texts.pages} onePage={texts.onePage} />
      </div>
      <div className="upload-file-actions">
        {/* A field's own words name the button as they read; the shared 'Replace' says which file. */}
        <button
          ref={replaceButton}
          id={buttonId}
          type="button"
          className="upload-action"
          disabled={locked}
          aria-label={replaceLabel ?? `${replace} ${file.name}`}
          aria-invalid={invalid || undefined}
          onClick={act(onChoose)}
        >
          {replace}
        </button>
        <button type="button" className="upload-action upload-action-remove" disabled={locked} aria-label={`${texts.remove} ${file.name}`} onClick={act(onRemove)}>
          {texts.remove}
        </button>
      </div>
    </div>
  );
}
