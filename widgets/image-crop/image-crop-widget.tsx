import { useEffect } from 'react';
import { describedBy, errorsVisible, useControlTexts, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { UploadControl, forgetPickedFile, keepPickedFile, pickedFile, useUploadTexts } from '../../src/renderer/public-api/files';
import { imageCropSettings } from './options';
import { useImagePick } from './use-image-pick';
import './image-crop.css';

/** An image field in the upload control: pick, review and crop in the crop dialog; the value references the kept file. */
export function ImageCropWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, rawErrors, registry, schema } = props;
  const settings = imageCropSettings(options, useControlTexts());
  const file = pickedFile(value);
  const texts = useUploadTexts();
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
  const remove = () => {
    forgetPickedFile(value);
    onChange(undefined);
    onBlur(id, undefined);
  };
  return (
    <div className="image-crop">
      <UploadControl
        texts={texts}
        file={file}
        buttonId={id}
        chooseLabel={settings.texts.pick}
        replaceLabel={settings.texts.change}
        thumbAlt={settings.texts.previewAlt}
        locked={!!(disabled || readonly)}
        invalid={invalid}
        describedBy={describedBy(props)}
        onChoose={pick.choose}
        onRemove={remove}
      />
      {pick.error ? (
        <div className="onboard-field-error" role="alert">
          {pick.error}
        </div>
      ) : null}
      {pick.elements}
    </div>
  );
}
