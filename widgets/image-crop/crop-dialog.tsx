import { Alert, Button, Slider } from 'antd';
import { useEffect, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import { ResponsiveModal } from '../../src/renderer/public-api/dialog';
import { CROP_FAILED, CropError, cropToJpeg, loadImage, type PixelArea } from './crop-image';

/** Spec 5 and 9: zoom 0.7 to 3 in steps of 0.1, rotation 0 to 360. */
export const ZOOM = { min: 0.7, max: 3, step: 0.1 } as const;
export const ROTATION = { min: 0, max: 360, step: 1 } as const;

export interface CropTexts {
  title: string;
  uploadAgain: string;
  next: string;
  zoom: string;
  rotation: string;
  /** Shown when the picked file is not an image the browser can open. */
  unreadable: string;
  /** The buttons that move the image under the frame: no dragging needed (WCAG 2.5.7). */
  move: string;
  moveUp: string;
  moveDown: string;
  moveLeft: string;
  moveRight: string;
}

/** How far one press of a move button shifts the image, in pixels of the crop area. */
export const MOVE_STEP = 20;

export interface CropDialogProps {
  /** A URL of the picked image (an object URL); the dialog is open while it is set. */
  src: string | undefined;
  /** Width over height of the crop (16/9). */
  aspect: number;
  maxSide: number;
  texts: CropTexts;
  /** 'Upload Again': choose another file. */
  onUploadAgain: () => void;
  /** 'Next': the cropped JPEG. */
  onCropped: (file: File) => void;
  onClose: () => void;
}

/**
 * Review and crop a picked image: a 16:9 frame, zoom and rotation sliders, buttons that move the image (so no
 * dragging is needed), 'Upload Again' and 'Next'.
 */
export function CropDialog({ src, aspect, maxSide, texts, onUploadAgain, onCropped, onClose }: CropDialogProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The cropper measures its frame when the image loads, maybe while the dialog still zooms or slides in (a frame
  // drawn smaller than it will be): it measures again once the dialog stands still.
  const cropper = useRef<Cropper>(null);

  // A new image starts from the middle, unzoomed and upright.
  useEffect(() => {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setArea(null);
    setError(undefined);
  }, [src]);

  const next = async (): Promise<void> => {
    if (!src) return;
    setBusy(true);
    setError(undefined);
    try {
      const image = await loadImage(src).catch(() => {
        throw new CropError(texts.unreadable);
      });
      onCropped(await cropToJpeg(image, { area, rotation, maxSide }));
    } catch (caught) {
      setError(caught instanceof CropError ? caught.message : CROP_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveModal
      open={src !== undefined}
      title={texts.title}
      onClose={onClose}
      onOpenChanged={(open) => open && cropper.current?.computeSizes()}
      footer={
        <div className="image-crop-actions">
          <Button size="large" disabled={busy} onClick={onUploadAgain}>
            {texts.uploadAgain}
          </Button>
          <Button type="primary" size="large" loading={busy} onClick={() => void next()}>
            {texts.next}
          </Button>
        </div>
      }
    >
      <div className="image-crop-area">
        {src ? (
          <Cropper
            ref={cropper}
            image={src}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={aspect}
            minZoom={ZOOM.min}
            maxZoom={ZOOM.max}
            // Zooming out below 1 must be able to show the whole card, margins included.
            restrictPosition={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={(_percent, pixels) => setArea(pixels)}
          />
        ) : null}
      </div>
      <div className="image-crop-move" role="group" aria-label={texts.move}>
        <span aria-hidden="true">{texts.move}</span>
        {(
          [
            [texts.moveUp, 0, -MOVE_STEP, '↑'],
            [texts.moveDown, 0, MOVE_STEP, '↓'],
            [texts.moveLeft, -MOVE_STEP, 0, '←'],
            [texts.moveRight, MOVE_STEP, 0, '→'],
          ] as const
        ).map(([label, dx, dy, arrow]) => (
          <Button key={label} aria-label={label} onClick={() => setCrop((at) => ({ x: at.x + dx, y: at.y + dy }))}>
            <span aria-hidden="true">{arrow}</span>
          </Button>
        ))}
      </div>
      <label className="image-crop-slider">
        <span>{texts.zoom}</span>
        <Slider min={ZOOM.min} max={ZOOM.max} step={ZOOM.step} value={zoom} onChange={setZoom} ariaLabelForHandle={texts.zoom} />
      </label>
      <label className="image-crop-slider">
        <span>{texts.rotation}</span>
        <Slider
          min={ROTATION.min}
          max={ROTATION.max}
          step={ROTATION.step}
          value={rotation}
          onChange={setRotation}
          ariaLabelForHandle={texts.rotation}
        />
      </label>
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </ResponsiveModal>
  );
}
