import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real JPEG from a "phone": rotated by EXIF (orientation 6) and carrying GPS and camera tags. */
export async function phoneJpeg(width = 800, height = 600): Promise<Buffer> {
  // Noise, like a real photo: slices of it are distinctive enough to search for.
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function plainPng(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
}

/** A small, complete PDF. */
export function smallPdf(text = 'Income proof'): Buffer {
  const body = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/** A decompression bomb: a few hundred bytes claiming width x height pixels. */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TextPart {
  name: string;
  value: string;
}
export interface FilePart {
  name: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, so tests control every name and declared type. */
export function multipart(parts: (TextPart | FilePart)[]): { body: Buffer; contentType: string } {
  const boundary = `----onboard-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'data' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Signatures of readable images and PDFs, long enough not to occur by chance in ciphertext. */
const plainSignatures: [string, Buffer][] = [
  ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['PDF', Buffer.from('%PDF-')],
  ['JPEG (JFIF)', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])],
  ['JPEG (Exif)', Buffer.from('Exif\0\0')],
  ['JPEG (quantisation table)', Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43])],
];

/** Every file under `dir` that holds a readable image or PDF, or any of `needles`, with what was found. */
export function plainFilesUnder(dir: string, needles: Buffer[] = []): string[] {
  const found: string[] = [];
  for (const path of filesUnder(dir)) {
    const content = readFileSync(path);
    for (const [name, signature] of plainSignatures) if (content.includes(signature)) found.push(`${path}: ${name}`);
    needles.forEach((needle, index) => {
      if (content.includes(needle)) found.push(`${path}: plaintext of upload ${index}`);
    });
  }
  return found;
}
