import { Worker } from 'node:worker_threads';

/** Runs pdf-open-worker.mjs: one worker thread, one PDF at a time, started on first use, stopped when idle. */

export type OpenResult = { kind: 'ok'; pages: number } | { kind: 'password_required' | 'wrong_password' | 'unreadable' };

export interface PdfWorkerOptions {
  /** A parse that takes longer is ended (the thread is terminated): 'unreadable'. */
  timeoutMs: number;
  /** The thread (and pdf.js's memory) goes after this long without work. */
  idleMs: number;
}

const workerUrl = new URL('./pdf-open-worker.mjs', import.meta.url);

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 0;

function stop(): void {
  const current = worker;
  worker = undefined;
  void current?.terminate();
}

function thread(): Worker {
  // execArgv []: plain Node, without the TypeScript loader the server may run under.
  worker ??= new Worker(workerUrl, { execArgv: [] });
  worker.unref();
  return worker;
}

function openOnce(bytes: Uint8Array, password: string | undefined, options: PdfWorkerOptions): Promise<OpenResult> {
  clearTimeout(idleTimer);
  const current = thread();
  const id = (nextId += 1);
  return new Promise<OpenResult>((resolve) => {
    const finish = (result: OpenResult) => {
      clearTimeout(timer);
      current.off('message', onMessage).off('error', onEnd).off('exit', onEnd);
      idleTimer = setTimeout(stop, options.idleMs).unref();
      resolve(result);
    };
    const onMessage = (message: { id: number } & OpenResult) => {
      if (message.id === id) finish(message.kind === 'ok' ? { kind: 'ok', pages: message.pages } : { kind: message.kind });
    };
    const onEnd = () => {
      if (worker === current) worker = undefined;
      finish({ kind: 'unreadable' });
    };
    const timer = setTimeout(() => {
      stop();
      finish({ kind: 'unreadable' });
    }, options.timeoutMs);
    current.on('message', onMessage).on('error', onEnd).on('exit', onEnd);
    // A copy, transferred: pdf.js takes ownership of what it is given, and the caller keeps its bytes.
    const copy = bytes.slice();
    current.postMessage({ id, bytes: copy, password }, [copy.buffer]);
  });
}

/** Opens the PDF in the worker thread; jobs run one after another. */
export function openPdf(bytes: Uint8Array, password: string | undefined, options: PdfWorkerOptions): Promise<OpenResult> {
  const job = queue.then(() => openOnce(bytes, password, options));
  queue = job.catch(() => undefined);
  return job;
}
