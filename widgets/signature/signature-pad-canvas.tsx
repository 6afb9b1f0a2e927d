import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

/** Spec 5 and 9: pen 1.5, blue, on white; saved as a JPEG of quality 0.95 in a file named `signature`. */
export const PAD = { penWidth: 1.5, penColor: 'blue', background: 'rgb(255, 255, 255)', quality: 0.95, fileName: 'signature' } as const;

/** A pad and the canvas it draws on. */
export interface Pad {
  pad: SignaturePad;
  canvas: HTMLCanvasElement;
}

/** The canvas a signature is drawn on; hands its pad to the parent once it is sized for the screen. */
export function SignaturePadCanvas({ label, onReady }: { label: string; onReady: (pad: Pad | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return undefined;
    // Sharp strokes on high-density screens: the bitmap follows the device pixels, drawing stays in CSS pixels.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = (element.offsetWidth || 320) * ratio;
    element.height = (element.offsetHeight || 200) * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(element, {
      minWidth: PAD.penWidth,
      maxWidth: PAD.penWidth,
      penColor: PAD.penColor,
      backgroundColor: PAD.background,
    });
    onReady({ pad, canvas: element });
    return () => {
      pad.off();
      onReady(null);
    };
  }, [onReady]);
  return <canvas ref={canvas} className="signature-canvas" aria-label={label} role="img" />;
}

/** The drawing as the JPEG file to upload; null when the canvas gives nothing back. */
export function padToFile({ canvas }: Pad): Promise<File | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob(
        (blob: Blob | null) => resolve(blob ? new File([blob], PAD.fileName, { type: 'image/jpeg' }) : null),
        'image/jpeg',
        PAD.quality,
      );
    } catch {
      resolve(null);
    }
  });
}
