// @ts-check
/**
 * Opens one PDF with pdf.js in a worker thread started without the TypeScript loader: plain Node
 * loads pdf.js in ~60 MB where the loader's transform costs ~300 MB, a slow or hostile file never
 * blocks the server's event loop, and a stuck parse is ended by terminating the thread.
 * Plain JavaScript on purpose (see pdf-check.ts, which owns the contract). Logs nothing.
 */
import { parentPort } from 'node:worker_threads';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's PasswordResponses: 1 no password given, 2 the wrong one. */
const needPassword = 1;
const incorrectPassword = 2;

/**
 * @param {unknown} error
 * @returns {'password_required' | 'wrong_password' | 'unreadable'}
 */
function failure(error) {
  const code = error instanceof Error && error.name === 'PasswordException' ? /** @type {{ code?: unknown }} */ (error).code : undefined;
  if (code === needPassword) return 'password_required';
  if (code === incorrectPassword) return 'wrong_password';
  return 'unreadable';
}

parentPort?.on('message', async (/** @type {{ id: number, bytes: Uint8Array, password?: string }} */ job) => {
  const task = getDocument({
    data: job.bytes,
    ...(job.password ? { password: job.password } : {}),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
  });
  try {
    const document = await task.promise;
    await document.getPage(1);
    parentPort?.postMessage({ id: job.id, kind: 'ok', pages: document.numPages });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, kind: failure(error) });
  } finally {
    await task.destroy();
  }
});
