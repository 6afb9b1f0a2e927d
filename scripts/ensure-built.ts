import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverOutFile } from './build-server';

/** Rebuilds the client (dist/) and the server bundle (dist-server/) when their sources are newer. */
const root = join(import.meta.dirname, '..');
const clientIndex = join(root, 'dist', 'index.html');
const clientSources = ['core', 'src', 'widgets', 'flow-config', 'schemas', 'index.html', 'vite.config.ts', 'scripts', 'package.json'];
const serverSources = ['server', 'core', 'src', 'scripts', 'package.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stats.mtimeMs);
}

function builtAt(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function stale(output: string, sources: string[]): { built: boolean; stale: boolean } {
  const built = builtAt(output);
  return { built: built > 0, stale: built < Math.max(...sources.map((source) => newestChange(join(root, source)))) };
}

export async function ensureBuilt(log: (line: string) => void = console.log): Promise<void> {
  const client = stale(clientIndex, clientSources);
  if (client.stale) {
    log(client.built ? 'Client sources changed: rebuilding…' : 'Building the client (first start)…');
    const { build } = await import('vite');
    // Vite's build sets NODE_ENV=production in this process; what runs after must see the caller's value.
    const callerNodeEnv = process.env.NODE_ENV;
    await build({ root, logLevel: 'warn' });
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
  await ensureServerBuilt(log);
}

/** The server bundle alone (what the API benchmarks run), rebuilt when its sources are newer. */
export async function ensureServerBuilt(log: (line: string) => void = console.log): Promise<void> {
  const server = stale(serverOutFile, serverSources);
  if (server.stale) {
    log(server.built ? 'Server sources changed: rebuilding the server…' : 'Building the server (first start)…');
    await buildServer();
  }
}
