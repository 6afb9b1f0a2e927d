import sharp, { type Sharp } from 'sharp';
import { ApiError } from '../../errors';
import { damaged } from './upload-errors';
import { type UploadKindRule, imageLimits } from './upload-kinds';

/**
 * sharp's output format for each image type uploads.json may accept (core/engine/upload-limits.ts contentMimes).
 * JPEG without optimised Huffman tables: that second pass costs a third of the re-encoding's CPU for files about 7 %
 * smaller (bench/README.md, issue 33).
 */
const formats: Record<string, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90, optimiseCoding: false }),
  'image/png': (image) => image.png(),
  'image/webp': (image) => image.webp({ quality: 90 }),
};

// Decoded images of one applicant must not linger in a process-wide cache.
sharp.cache(false);

/**
 * Decodes and re-encodes an image in its own format: EXIF orientation applied, every piece of
 * metadata (GPS, camera, comments) dropped, longest side at most imageLimits.maxSide. Anything
 * hidden after the image data (a script appended to a JPEG, a polyglot) does not survive.
 */
export async function normaliseImage(bytes: Buffer, mime: string, rule: UploadKindRule): Promise<Buffer> {
  try {
    const image = sharp(bytes, {
      limitInputPixels: imageLimits.maxPixels,
      // 'error' refuses truncated and corrupt data; bare libjpeg warnings (common in phone photos) pass.
      failOn: 'error',
      autoOrient: true,
    }).resize({ width: imageLimits.maxSide, height: imageLimits.maxSide, fit: 'inside', withoutEnlargement: true });
    const encode = formats[mime];
    if (!encode) throw damaged(rule);
    return await encode(image).toBuffer();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ApiError(400, 'upload.tooManyPixels', { label: rule.label, megapixels: imageLimits.maxPixels / 1_000_000 });
    throw damaged(rule);
  }
}
