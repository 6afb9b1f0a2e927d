import { Button } from 'antd';
import { useEffect } from 'react';
import { describedBy, errorsVisible, useControlTexts, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { forgetPickedFile, keepPickedFile, pickedFile } from '../../src/renderer/public-api/files';
import { imageCropSettings } from './options';
import { useImagePick } from './use-image-pick';
import { usePreview } from './use-preview';
import './image-crop.css';

/** An image field: pick, review and crop, then a preview with 'Change'. The value references the kept file. */
export function ImageCropWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, rawErrors, registry, schema } = props;
  const settings = imageCropSettings(options, useControlTexts());
  const file = pickedFile(value);
  const preview = usePreview(file);
  const pick = useImagePick({
    ...settings,
    returnFocusTo: id,
    onFile: (chosen) => {
      forgetPickedFile(value);
      const ref = keepPickedFile(chosen);
      onChange(ref);
      onBlur(id, ref);
    },
  });

  // A value that is no file of this page (a part name saved earlier) cannot be sent again: ask for the file.
  useEffect(() => {
    if (value !== undefined && !file) onChange(undefined);
  }, [value, file, onChange]);

  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  const busy = !!(disabled || readonly);
  const action = file ? settings.texts.change : settings.texts.pick;
  return (
    <div className={`image-crop${invalid ? ' image-crop-invalid' : ''}`}>
      {preview ? <img className="image-crop-preview" src={preview} alt={settings.texts.previewAlt} /> : null}
      {/* aria-label: the field's <label for> would otherwise name the button, hiding what it does. */}
      <Button id={id} size="large" block disabled={busy} aria-label={action} aria-invalid={invalid || undefined} aria-describedby={describedBy(props)} onClick={pick.choose}>
        {action}
      </Button>
      {pick.error ? (
        <div className="onboard-field-error" role="alert">
          {pick.error}
        </div>
      ) : null}
      {pick.elements}
    </div>
  );
}
