/**
 * Digio's Web SDK as its simulator serves it (at /sim/digio/sdk/v11/digio.js on the app's own origin): browser code,
 * compiled to a plain script by simulator-browser.ts. It implements the SDK's documented interface
 * (shared/vendors/digio-kyc.md §6; the v8 SDK's source): `window.Digio`, `new Digio({environment, callback, ...})`
 * validated as the SDK does, `init()` in the click (it shows the gateway's shell at once), `submit(requestId,
 * identifier, token)`, `cancel()`, and one callback per opening: `{digio_doc_id, message}` on success,
 * `{digio_doc_id, error_code, message}` otherwise. Where Digio's gateway shows DigiLocker, the camera or the Aadhaar
 * OTP, this one shows a dialog with Approve and Cancel (the selfie adds the live camera and Capture), and reports to
 * the simulator's gateway routes beside this script. Its words are the vendor's, in English (lang="en").
 */

export {};

interface DigioCallback {
  digio_doc_id: string;
  message: string;
  error_code?: string;
}

interface DigioOptions {
  environment?: unknown;
  callback?: unknown;
  is_iframe?: unknown;
  logo?: unknown;
}

/** What the gateway says about a request it opens. */
interface GatewayRequest {
  kind: 'kyc' | 'selfie' | 'esign';
  identifier: string;
  document?: string;
}

const texts = {
  title: { kyc: 'DigiLocker KYC (sandbox)', selfie: 'Liveness selfie (sandbox)', esign: 'Aadhaar eSign (sandbox)' },
  opening: 'Digio (sandbox)',
  intro: {
    kyc: "Digio's simulator stands in for DigiLocker outside production. Approve to share your Aadhaar details, or Cancel.",
    selfie: "Digio's simulator stands in for its liveness check outside production. Capture a photo of your face, then Approve, or Cancel.",
    esign: "Digio's simulator stands in for Aadhaar eSign outside production. Approve to sign the document, or Cancel.",
  },
  preparing: 'Preparing your request…',
  request: 'Request',
  applicant: 'For',
  document: 'Document',
  approve: 'Approve',
  cancel: 'Cancel',
  capture: 'Capture',
  retake: 'Retake',
  cameraStarting: 'Starting the camera…',
  cameraLabel: 'Camera preview',
  capturedAlt: 'Captured photo',
  noCamera: 'No camera is available on this device. Connect a camera, or continue on a phone.',
  cameraDenied: 'Camera permission was refused. Allow camera access for this site in your browser settings, then try again.',
  cameraBusy: 'The camera could not be started. Close other apps that use it, then try again.',
  captureFailed: 'The photo could not be taken, please try again.',
  unreachable: 'The sandbox could not record your answer, please try again.',
  cancelled: 'Signing cancelled',
};

const style = `
.digio-sim-overlay{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.55);padding:16px;box-sizing:border-box}
.digio-sim{box-sizing:border-box;width:100%;max-width:440px;max-height:100%;overflow:auto;background:#fff;color:#1f2937;border-radius:12px;padding:20px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;box-shadow:0 12px 40px rgba(0,0,0,.3)}
.digio-sim h2{margin:0 0 8px;font-size:18px;line-height:1.3}
.digio-sim p{margin:0 0 12px}
.digio-sim dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 12px;font-size:14px}
.digio-sim dt{color:#4b5563}
.digio-sim dd{margin:0;overflow-wrap:anywhere}
.digio-sim-actions{display:flex;justify-content:flex-end;gap:8px;margin-top:16px}
.digio-sim button{min-height:40px;min-width:88px;padding:0 16px;border-radius:8px;border:1px solid #6b7280;background:#fff;color:#1f2937;font:inherit;cursor:pointer}
.digio-sim button.digio-sim-primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
.digio-sim button:disabled{opacity:.55;cursor:not-allowed}
.digio-sim button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.digio-sim-frame{display:flex;align-items:center;justify-content:center;min-height:180px;border-radius:12px;background:#10131a;overflow:hidden;margin-bottom:10px}
.digio-sim-frame video,.digio-sim-frame img{display:block;width:100%;max-height:320px;object-fit:cover}
.digio-sim-frame video[hidden]{display:none}
.digio-sim-status{margin:0;padding:16px;color:#fff;text-align:center}
.digio-sim-error{color:#ffb4a1}
.digio-sim-camera button{width:100%}
@media (max-width:575px){.digio-sim-overlay{align-items:flex-end;padding:0}.digio-sim{max-width:none;border-radius:12px 12px 0 0}}
`;

/** The gateway routes sit beside this script: …/sim/digio/sdk/v11/digio.js → …/sim/digio/gateway. */
const scriptSource = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : `${location.origin}/sim/digio/sdk/v11/digio.js`;
const gateway = `${scriptSource.replace(/\/sdk\/v\d+\/digio\.js(?:[?#].*)?$/, '')}/gateway`;

class DigioException extends Error {
  override readonly name = 'DigioException';
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${gateway}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(typeof answer.message === 'string' ? answer.message : texts.unreachable);
  return answer;
}

/** getUserMedia's failures in plain words. */
function cameraProblem(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return texts.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return texts.noCamera;
  return texts.cameraBusy;
}

/** The live camera with Capture (then Retake); `onPhoto` gets the captured frame (a JPEG data URL) or null. */
function selfieCamera(onPhoto: (photo: string | null) => void): { root: HTMLElement; stop(): void } {
  const root = element('div', { class: 'digio-sim-camera' });
  const frame = element('div', { class: 'digio-sim-frame' });
  const video = element('video', { 'aria-label': texts.cameraLabel, muted: '', playsinline: '' });
  video.muted = true;
  video.hidden = true;
  const status = element('p', { class: 'digio-sim-status' }, texts.cameraStarting);
  const button = element('button', { type: 'button' });
  button.hidden = true;
  frame.append(video, status);
  root.append(frame, button);
  let stream: MediaStream | null = null;
  let gone = false;
  let photo: HTMLImageElement | null = null;

  const stop = () => {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
  };
  const fail = (message: string) => {
    stop();
    video.hidden = true;
    status.hidden = false;
    status.textContent = message;
    status.className = 'digio-sim-status digio-sim-error';
    status.setAttribute('role', 'alert');
    button.textContent = texts.retake;
    button.hidden = false;
  };
  const start = () => {
    photo?.remove();
    photo = null;
    onPhoto(null);
    status.hidden = false;
    status.textContent = texts.cameraStarting;
    status.className = 'digio-sim-status';
    status.removeAttribute('role');
    button.hidden = true;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) return fail(texts.noCamera);
    media
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then(async (opened) => {
        if (gone) return opened.getTracks().forEach((track) => track.stop());
        stream = opened;
        video.srcObject = opened;
        // Live once frames flow, so Capture never grabs a blank frame.
        await Promise.resolve(video.play()).catch(() => undefined);
        if (gone) return;
        status.hidden = true;
        video.hidden = false;
        button.textContent = texts.capture;
        button.hidden = false;
      })
      .catch((error: unknown) => {
        if (!gone) fail(cameraProblem(error));
      });
  };
  const capture = () => {
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 640;
    canvas.height = video.videoHeight || 480;
    const context = canvas.getContext('2d');
    context?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const taken = context ? canvas.toDataURL('image/jpeg', 0.9) : '';
    if (!taken.startsWith('data:image/')) return fail(texts.captureFailed);
    stop();
    video.hidden = true;
    photo = element('img', { src: taken, alt: texts.capturedAlt });
    frame.append(photo);
    button.textContent = texts.retake;
    onPhoto(taken);
  };
  button.addEventListener('click', () => (button.textContent === texts.capture ? capture() : start()));
  start();
  return {
    root,
    stop() {
      gone = true;
      stop();
    },
  };
}

/** One opening of the gateway: the shell shown by init(), the request once submit() names it, one callback. */
class GatewayDialog {
  private readonly overlay = element('div', { class: 'digio-sim-overlay' });
  private readonly dialog = element('div', { class: 'digio-sim', role: 'dialog', 'aria-modal': 'true', lang: 'en', 'aria-labelledby': 'digio-sim-title' });
  private readonly returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  private camera: { stop(): void } | null = null;
  /** What Escape does once the request is open: Cancel, as closing Digio's window is. */
  private cancelAction: (() => void) | null = null;
  private requestId = '';
  private settled = false;

  constructor(private readonly finish: (result: DigioCallback) => void) {
    if (!document.getElementById('digio-sim-style')) document.head.append(element('style', { id: 'digio-sim-style' }, style));
    this.show(texts.opening, [element('p', { 'aria-live': 'polite' }, texts.preparing)]);
    this.overlay.append(this.dialog);
    this.overlay.addEventListener('keydown', (event) => this.keydown(event));
    document.body.append(this.overlay);
    this.dialog.tabIndex = -1;
    this.dialog.focus();
  }

  private show(title: string, content: Node[], actions: HTMLButtonElement[] = []): void {
    const heading = element('h2', { id: 'digio-sim-title' }, title);
    const footer = element('div', { class: 'digio-sim-actions' });
    footer.append(...actions);
    this.dialog.replaceChildren(heading, ...content, ...(actions.length ? [footer] : []));
  }

  /** The request, its details and Approve / Cancel (and the camera for a selfie). */
  open(requestId: string, identifier: string, token: string): void {
    this.requestId = requestId;
    post<GatewayRequest>(`${encodeURIComponent(requestId)}/open`, { identifier, token })
      .then((request) => this.render(requestId, token, request))
      .catch((error: unknown) => this.close({ digio_doc_id: requestId, error_code: 'SANDBOX_UNAVAILABLE', message: error instanceof Error ? error.message : texts.unreachable }));
  }

  private render(requestId: string, token: string, request: GatewayRequest): void {
    const details = element('dl');
    details.append(element('dt', {}, texts.request), element('dd', {}, requestId), element('dt', {}, texts.applicant), element('dd', {}, request.identifier));
    if (request.document) details.append(element('dt', {}, texts.document), element('dd', {}, request.document));
    const approve = element('button', { type: 'button', class: 'digio-sim-primary' }, texts.approve);
    const cancel = element('button', { type: 'button' }, texts.cancel);
    let photo: string | null = null;
    const content: Node[] = [element('p', {}, texts.intro[request.kind]), details];
    if (request.kind === 'selfie') {
      approve.disabled = true;
      const camera = selfieCamera((taken) => {
        photo = taken;
        approve.disabled = taken === null;
      });
      this.camera = camera;
      content.push(camera.root);
    }
    const answer = (action: 'approve' | 'cancel') => {
      approve.disabled = true;
      cancel.disabled = true;
      post<DigioCallback>(`${encodeURIComponent(requestId)}/${action}`, { token, ...(action === 'approve' && photo ? { photo } : {}) })
        .then((result) => this.close(result))
        .catch((error: unknown) => this.close({ digio_doc_id: requestId, error_code: 'SANDBOX_UNAVAILABLE', message: error instanceof Error ? error.message : texts.unreachable }));
    };
    approve.addEventListener('click', () => answer('approve'));
    cancel.addEventListener('click', () => answer('cancel'));
    this.cancelAction = () => answer('cancel');
    this.show(texts.title[request.kind], content, [cancel, approve]);
    (request.kind === 'selfie' ? cancel : approve).focus();
  }

  private keydown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (this.cancelAction) this.cancelAction();
      else this.dismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...this.dialog.querySelectorAll<HTMLElement>('button:not([disabled]):not([hidden])')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return event.preventDefault();
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  /** Closed without an answer from the gateway: Digio's cancel callback. */
  dismiss(): void {
    this.close({ digio_doc_id: this.requestId, error_code: 'CANCELLED', message: texts.cancelled });
  }

  close(result: DigioCallback): void {
    if (this.settled) return;
    this.settled = true;
    this.camera?.stop();
    this.overlay.remove();
    this.returnFocus?.focus();
    this.finish(result);
  }
}

class Digio {
  private readonly callback: (result: DigioCallback) => void;
  private current: GatewayDialog | null = null;

  constructor(options?: DigioOptions) {
    if (!options || typeof options !== 'object') throw new DigioException('Digio constructor requires configuration options for initialization.');
    if (options.callback !== undefined && typeof options.callback !== 'function') throw new DigioException('Provided callback method is not a function or is invalid.');
    if (options.environment !== undefined && options.environment !== 'sandbox' && options.environment !== 'production') {
      throw new DigioException('Provided environment value is invalid.');
    }
    if (options.is_iframe !== undefined && typeof options.is_iframe !== 'boolean') throw new DigioException('Provided iframe invocation value is invalid or not a boolean.');
    const callback = options.callback as ((result: DigioCallback) => void) | undefined;
    this.callback = (result) => callback?.(result);
  }

  init(): void {
    this.current?.dismiss();
    this.current = new GatewayDialog((result) => this.callback(result));
  }

  submit(requestId: unknown, identifier: unknown, token?: unknown): void {
    const id = Array.isArray(requestId) ? requestId[0] : requestId;
    if (typeof id !== 'string' || !id) return console.error(new DigioException('Provided document id is invalid.'));
    if (typeof identifier !== 'string' || !identifier) return console.error(new DigioException('Provided email id or mobile number is invalid.'));
    if (!this.current) this.init();
    this.current?.open(id, identifier, typeof token === 'string' ? token : '');
  }

  cancel(): void {
    this.current?.dismiss();
    this.current = null;
  }
}

(window as unknown as { Digio: typeof Digio }).Digio = Digio;
