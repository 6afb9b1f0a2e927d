import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { describedBy, errorsVisible, useControlTexts, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { forgetPickedFile, keepPickedFile, pickedFile, usePreview } from '../../src/renderer/public-api/files';
import { imageCropSettings } from '../image-crop/options';
import { useImagePick } from '../image-crop/use-image-pick';
import { GuidelinesDialog } from './guidelines-dialog';
import './signature.css';

/** The pad (signature_pad) loads when the applicant opens it, not with the form. */
const DrawDialog = lazy(() => import('./draw-dialog').then((m) => ({ default: m.DrawDialog })));

const text = (options: Record<string, unknown>, key: string, fallback: string): string => {
  const value = options[key];
  return typeof value === 'string' ? value : fallback;
};

const defaultGuidelines = [
  'Sign on a plain white paper, exactly as on your PAN card',
  'Sign on a straight line',
  'Crop the image to only the signature',
];

/** The applicant's signature, drawn on a pad or photographed and cropped; the value references the kept file. */
export function SignatureWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, rawErrors, registry, schema } = props;
  const [dialog, setDialog] = useState<'draw' | 'guidelines' | undefined>();
  const crop = imageCropSettings(options, useControlTexts());
  const file = pickedFile(value);
  const preview = usePreview(file);
  const keep = (chosen: File): void => {
    forgetPickedFile(value);
    const ref = keepPickedFile(chosen);
    onChange(ref);
    onBlur(id, ref);
    setDialog(undefined);
    // The dialog that had focus is gone: back to the field's first button.
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };
  const pick = useImagePick({ ...crop, crop: true, onFile: keep, returnFocusTo: id });

  useEffect(() => {
    if (value !== undefined && !file) onChange(undefined);
  }, [value, file, onChange]);

  const guidelines = Array.isArray(options.guidelines) ? options.guidelines.filter((v): v is string => typeof v === 'string') : defaultGuidelines;
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  const busy = !!(disabled || readonly);
  const close = text(options, 'closeLabel', 'Close');
  const drawLabel = text(options, 'drawLabel', 'Draw Signature');
  return (
    <div className={`signature${invalid ? ' signature-invalid' : ''}`}>
      {preview ? <img className="signature-preview" src={preview} alt={text(options, 'previewAlt', 'Your signature')} /> : null}
      <div className="signature-buttons">
        {/* aria-label: the field's <label for> would otherwise name this button. */}
        <Button id={id} size="large" disabled={busy} aria-label={drawLabel} aria-invalid={invalid || undefined} aria-describedby={describedBy(props)} onClick={() => setDialog('draw')}>
          {drawLabel}
        </Button>
        <Button size="large" disabled={busy} onClick={() => setDialog('guidelines')}>
          {text(options, 'uploadLabel', 'Upload Signature')}
        </Button>
      </div>
      {pick.error ? (
        <div className="onboard-field-error" role="alert">
          {pick.error}
        </div>
      ) : null}
      {/* Dialogs are mounted only while open, so the pad is sized afresh each time. */}
      {dialog === 'draw' ? (
        <Suspense fallback={null}>
          <DrawDialog
            open
            texts={{
              title: text(options, 'drawTitle', 'Draw your signature'),
              canvas: text(options, 'canvasLabel', 'Signature pad'),
              close,
              clear: text(options, 'clearLabel', 'Clear'),
              upload: text(options, 'padUploadLabel', 'Upload'),
              empty: text(options, 'emptyDraw', 'Draw your signature first'),
              failed: text(options, 'drawFailed', 'Could not read your signature, please try again'),
            }}
            onClose={() => setDialog(undefined)}
            onDrawn={keep}
          />
        </Suspense>
      ) : null}
      {dialog === 'guidelines' ? (
        <GuidelinesDialog
          open
          texts={{ title: text(options, 'guidelinesTitle', 'Upload your signature'), lines: guidelines, choose: text(options, 'chooseImageLabel', 'Choose Image'), close }}
          onClose={() => setDialog(undefined)}
          onChoose={() => {
            setDialog(undefined);
            pick.choose();
          }}
        />
      ) : null}
      {pick.elements}
    </div>
  );
}
