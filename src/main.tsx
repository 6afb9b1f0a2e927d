/**
 * The app starts in two tasks. Evaluating its script was one task of 40-60 ms on a desktop (four times that on a
 * phone) in which the page handles no input, and React DOM was about half of it. So React DOM's chunk is evaluated
 * first and the app's (src/app/start.tsx: antd, the router, state and config) a task later. A page asks for both
 * chunks at once (scripts/route-chunks.ts, entryChunks), so the app's waits for no fetch.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./app/start'))
  .then(({ startApp }) => startApp());
