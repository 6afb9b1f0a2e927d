import type { ControlTexts } from '../../src/renderer/public-api/fields';
import type { CropTexts } from './crop-dialog';

/** The imageCrop options (core/catalog/widget-options/image-crop.schema.json) with their defaults; the signature widget reads the same keys. */
export interface ImageCropSettings {
  texts: CropTexts & { wrongType: string; pick: string; change: string; previewAlt: string };
  crop: boolean;
  aspect: number;
  accept: readonly string[];
  maxSide: number;
}

const text = (options: Record<string, unknown>, key: string, fallback: string): string => {
  const value = options[key];
  return typeof value === 'string' ? value : fallback;
};

/** '16:9' → 16/9. */
export function aspectRatio(value: unknown, fallback = 16 / 9): number {
  const match = typeof value === 'string' ? /^(\d+):(\d+)$/.exec(value) : null;
  return match ? Number(match[1]) / Number(match[2]) : fallback;
}

/** `controls`: the shared texts (messages.json), which a page's own options may rename. */
export function imageCropSettings(options: Record<string, unknown>, controls: ControlTexts): ImageCropSettings {
  const accept = Array.isArray(options.accept) ? options.accept.filter((v): v is string => typeof v === 'string') : [];
  return {
    texts: {
      pick: text(options, 'pickLabel', 'Choose image'),
      change: text(options, 'changeLabel', 'Change'),
      title: text(options, 'reviewTitle', 'Review and crop'),
      uploadAgain: text(options, 'uploadAgainLabel', 'Upload Again'),
      next: text(options, 'nextLabel', 'Next'),
      zoom: text(options, 'zoomLabel', 'Zoom'),
      rotation: text(options, 'rotationLabel', 'Rotation'),
      wrongType: text(options, 'wrongType', 'Choose a JPEG or PNG image'),
      unreadable: text(options, 'unreadable', 'This image could not be opened. Choose another.'),
      move: text(options, 'moveLabel', controls.moveImage),
      moveUp: text(options, 'moveUpLabel', controls.moveUp),
      moveDown: text(options, 'moveDownLabel', controls.moveDown),
      moveLeft: text(options, 'moveLeftLabel', controls.moveLeft),
      moveRight: text(options, 'moveRightLabel', controls.moveRight),
      previewAlt: text(options, 'previewAlt', 'Chosen image'),
    },
    crop: options.crop !== false,
    aspect: aspectRatio(options.aspect),
    accept: accept.length ? accept : ['image/jpeg', 'image/png'],
    maxSide: typeof options.maxSide === 'number' ? options.maxSide : 2000,
  };
}
