import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `npm start`: build the client when its sources are newer than dist/, then start the one server. */
const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'widgets', 'flow-config', 'schemas', 'index.html', 'vite.config.ts', 'package.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
  const { build } = await import('vite');
  // Vite's build sets NODE_ENV=production in this process; the server must see the caller's value.
  const callerNodeEnv = process.env.NODE_ENV;
  await build({ root, logLevel: 'warn' });
  if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = callerNodeEnv;
}
await import('../server/main');
