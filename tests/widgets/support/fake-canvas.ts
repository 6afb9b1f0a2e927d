import { vi } from 'vitest';

/**
 * jsdom has no canvas and decodes no images. These stand-ins make a canvas that records what is drawn and
 * encodes a small JPEG-typed blob (or nothing, to test the failure path), and images that load at a size.
 */
export interface FakeCanvasOptions {
  /** toBlob gives null: the browser could not encode the canvas. */
  noBlob?: boolean;
  /** Images fail to decode. */
  brokenImages?: boolean;
  imageSize?: { width: number; height: number };
}

export interface FakeCanvas {
  /** Each toBlob call: its type and quality. */
  encoded: { type: string | undefined; quality: unknown }[];
  /** Each drawImage call's arguments. */
  drawn: unknown[][];
  /** Canvas sizes as set before encoding. */
  sizes: { width: number; height: number }[];
  contextSettings: Record<string, unknown>;
  /** Every fillStyle set, in order. */
  fills: unknown[];
}

export function installFakeCanvas(options: FakeCanvasOptions = {}): FakeCanvas {
  const record: FakeCanvas = { encoded: [], drawn: [], sizes: [], contextSettings: {}, fills: [] };
  const context = new Proxy(record.contextSettings, {
    get: (target, key) => (key === 'drawImage' ? (...args: unknown[]) => record.drawn.push(args) : key in target ? target[key as string] : () => undefined),
    set: (target, key, value) => {
      if (key === 'fillStyle') record.fills.push(value);
      target[key as string] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback, type, quality) {
    record.encoded.push({ type, quality });
    record.sizes.push({ width: this.width, height: this.height });
    setTimeout(() => callback(options.noBlob ? null : new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: type ?? 'image/png' })));
  });
  const { width, height } = options.imageSize ?? { width: 1600, height: 900 };
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(height);
  vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, value: string) {
    this.setAttribute('src', value);
    setTimeout(() => this.dispatchEvent(new Event(options.brokenImages ? 'error' : 'load')));
  });
  let next = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:fake/${(next += 1)}`),
    revokeObjectURL: vi.fn(),
  });
  return record;
}

/** A picked image file of `bytes` bytes. */
export function imageFile(name = 'pan.jpg', type = 'image/jpeg', bytes = 2048): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
