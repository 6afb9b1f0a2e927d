import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { type AppOptions, defaultStaticDir } from '../../server/app-options';
import type { OutboxMessage } from '../../core/api/types';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** The newest code sent to a phone or email, read from the sandbox outbox like a person would. */
  latestCode(to: string): Promise<string>;
  close(): Promise<void>;
}

/** A loopback port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no loopback port');
  return address.port;
}

/**
 * The app listening on a free loopback port, which is also its public address. That port is chosen before the server
 * listens, so another browser file's server or simulator, running beside this one, can take it in between: then the
 * app starts again on another.
 */
async function listening(options: AppOptions): Promise<{ app: FastifyInstance; url: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const app = await buildApp({ publicUrl: `http://127.0.0.1:${port}`, ...options });
    try {
      return { app, url: await app.listen({ host: '127.0.0.1', port }) };
    } catch (error) {
      await app.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw error;
    }
  }
}

/** The built client the browser tests serve: E2E_STATIC_DIR when set (parallel work builds into its own folder), else dist/. */
export const builtClientDir = resolve(process.env.E2E_STATIC_DIR ?? defaultStaticDir);

/**
 * The real server (built client, SQLite in a fresh folder, simulated providers) on a free loopback port, which is also
 * its PUBLIC_URL: vendors' pages (the account aggregator's consent page) send the browser back there.
 */
export async function startServer(options: AppOptions = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onboard-e2e-'));
  const { app, url } = await listening({ dataDir, logger: false, staticDir: builtClientDir, ...options });
  return {
    app,
    url,
    async latestCode(to) {
      const response = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const code = messages[0]?.code;
      if (!code) throw new Error(`no code in the outbox for ${to}`);
      return code;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
