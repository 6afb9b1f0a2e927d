/** The crop dialog's output (spec 3): a JPEG named cropped_image.jpeg. */
export const CROPPED_FILE_NAME = 'cropped_image.jpeg';
/** Spec 8: what the dialog says when the canvas gives no image. */
export const CROP_FAILED = 'Could not create blob from cropped canvas';

/** An area of the (rotated) image in its own pixels, as react-easy-crop reports it. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class CropError extends Error {
  override readonly name = 'CropError';
}

/** Loads an image from a (blob) URL; rejects when the browser cannot decode it. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new CropError('image could not be decoded'));
    image.src = src;
  });
}

export function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob(resolve, type, quality);
    } catch {
      resolve(null);
    }
  });
}

function context(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) throw new CropError(CROP_FAILED);
  return ctx;
}

export interface CropSettings {
  /** Whole image when null (the cropper has not measured it yet). */
  area: PixelArea | null;
  /** Degrees, 0-360. */
  rotation: number;
  /** Longest side of the output; larger crops are scaled down (a PAN card stays legible at 2000 px). */
  maxSide: number;
  quality?: number;
  fileName?: string;
}

/**
 * Rotates the image, cuts the area out onto white (a JPEG has no transparency, and a zoom under 1 leaves margins
 * around the image), scales it to at most `maxSide`, and encodes a JPEG. Throws CropError(CROP_FAILED) when the
 * canvas gives nothing back.
 */
export async function cropToJpeg(image: HTMLImageElement, settings: CropSettings): Promise<File> {
  const { rotation, maxSide, quality = 0.92, fileName = CROPPED_FILE_NAME } = settings;
  const width = image.naturalWidth || image.width;
  const height = image.naturalHeight || image.height;
  const radians = (rotation * Math.PI) / 180;
  const boxWidth = Math.round(Math.abs(Math.cos(radians) * width) + Math.abs(Math.sin(radians) * height));
  const boxHeight = Math.round(Math.abs(Math.sin(radians) * width) + Math.abs(Math.cos(radians) * height));

  const rotated = document.createElement('canvas');
  rotated.width = Math.max(1, boxWidth);
  rotated.height = Math.max(1, boxHeight);
  const rotatedCtx = context(rotated);
  rotatedCtx.translate(rotated.width / 2, rotated.height / 2);
  rotatedCtx.rotate(radians);
  rotatedCtx.translate(-width / 2, -height / 2);
  rotatedCtx.drawImage(image, 0, 0);

  const area = settings.area ?? { x: 0, y: 0, width: rotated.width, height: rotated.height };
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height, 1));
  const output = document.createElement('canvas');
  output.width = Math.max(1, Math.round(area.width * scale));
  output.height = Math.max(1, Math.round(area.height * scale));
  const outputCtx = context(output);
  outputCtx.fillStyle = '#ffffff';
  outputCtx.fillRect(0, 0, output.width, output.height);
  outputCtx.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height);

  const blob = await canvasToBlob(output, 'image/jpeg', quality);
  if (!blob) throw new CropError(CROP_FAILED);
  return new File([blob], fileName, { type: 'image/jpeg' });
}
