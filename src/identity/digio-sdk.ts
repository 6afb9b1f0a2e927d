/**
 * Digio's Web SDK: the script the server names (GET /api/identity/widget), Digio's own or its simulator's on this
 * origin; both define `window.Digio` with the same documented interface, so the screens take one path.
 */

/** The options of `new Digio(...)` we use. */
export interface DigioOptions {
  environment: 'sandbox' | 'production';
  callback: (response: unknown) => void;
  is_iframe?: boolean;
  logo?: string;
  theme?: { primaryColor?: string; secondaryColor?: string };
}

export interface DigioInstance {
  init(): void;
  submit(requestId: string, identifier: string, token: string): void;
  cancel?: () => void;
}

export type DigioConstructor = new (options: DigioOptions) => DigioInstance;

declare global {
  interface Window {
    Digio?: DigioConstructor;
  }
}

let loading: Promise<DigioConstructor> | undefined;

/** Adds the SDK's script once; resolves with its constructor. A failed load may be tried again. */
export function loadDigioSdk(src: string): Promise<DigioConstructor> {
  if (window.Digio) return Promise.resolve(window.Digio);
  loading ??= new Promise<DigioConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Digio ? resolve(window.Digio) : reject(new Error('Digio SDK loaded without window.Digio')));
    script.onerror = () => reject(new Error(`Digio SDK could not be loaded from ${src}`));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
