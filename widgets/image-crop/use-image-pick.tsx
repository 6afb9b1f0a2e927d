import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFileSizeProblem } from '../../src/renderer/public-api/files';
import type { CropTexts } from './crop-dialog';
import './image-crop.css';

// The cropper (react-easy-crop, antd's Slider) is needed only once a file is picked: its chunk loads while the
// system picker is open, not with the page.
const loadCropDialog = () => import('./crop-dialog');
/** How long after the crop dialog closes its field's button takes focus back when drawn anew. */
const returnFocusMs = 2000;
const CropDialog = lazy(() => loadCropDialog().then((module) => ({ default: module.CropDialog })));

export interface ImagePickOptions {
  /** MIME types the picker offers and accepts (spec: JPEG and PNG). */
  accept: readonly string[];
  /** Review and crop in the dialog; false keeps the file as picked. */
  crop: boolean;
  aspect: number;
  maxSide: number;
  texts: CropTexts & { wrongType: string };
  /** A file ready to keep: cropped, or as picked. */
  onFile: (file: File) => void;
  /** The control that takes focus back when the crop dialog closes (the field's button), by id. */
  returnFocusTo?: string;
}

export interface ImagePick {
  /** Opens the system file picker. */
  choose: () => void;
  /** The hidden file input and the crop dialog: render them once. */
  elements: ReactNode;
  /** Why the last file was refused (wrong type, too large, crop failed). */
  error: string | undefined;
}

/** Pick an image file, check its type and size, then (optionally) review and crop it in the crop dialog. */
export function useImagePick({ accept, crop, aspect, maxSide, texts, onFile, returnFocusTo }: ImagePickOptions): ImagePick {
  const fileSizeProblem = useFileSizeProblem();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  // The dialog goes with what had focus in it: focus returns to the field (WCAG 2.4.3). The field's button may be
  // drawn anew once the cropped file is taken (its 'Change' replaces its first button, and focus on a removed element
  // falls to the page), so for a moment after closing each render gives the field's button focus while nothing else
  // has it; the applicant moving elsewhere ends that.
  const returningFocusUntil = useRef(0);
  const closeDialog = (): void => {
    setSrc(undefined);
    if (returnFocusTo) returningFocusUntil.current = Date.now() + returnFocusMs;
  };
  useEffect(() => {
    if (!returnFocusTo || Date.now() > returningFocusUntil.current) return;
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(returnFocusTo);
      const active = document.activeElement;
      if (active && active !== document.body && active !== target) returningFocusUntil.current = 0;
      else target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  });

  const accepted = (file: File): boolean => {
    if (!accept.includes(file.type)) {
      setError(texts.wrongType);
      return false;
    }
    const tooLarge = fileSizeProblem(file);
    setError(tooLarge);
    return !tooLarge;
  };

  const picked = (file: File | undefined): void => {
    if (input.current) input.current.value = ''; // the same file again is a new choice
    if (!file || !accepted(file)) return;
    returningFocusUntil.current = 0; // a new image: the dialog, or the field, takes it from here
    if (crop) setSrc(URL.createObjectURL(file));
    else onFile(file);
  };

  const choose = (): void => {
    if (crop) void loadCropDialog();
    input.current?.click();
  };
  const elements = (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept.join(',')}
        data-testid="image-pick-input"
        onChange={(event) => picked(event.target.files?.[0])}
      />
      {/* Mounted only while open: closing leaves nothing behind, and a new image starts afresh. */}
      {src ? (
        <Suspense fallback={null}>
          <CropDialog
            src={src}
            aspect={aspect}
            maxSide={maxSide}
            texts={texts}
            onClose={closeDialog}
            onUploadAgain={() => {
              setSrc(undefined);
              choose();
            }}
            onCropped={(file) => {
              const tooLarge = fileSizeProblem(file);
              setError(tooLarge);
              closeDialog();
              if (!tooLarge) onFile(file);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
  return { choose, elements, error };
}
