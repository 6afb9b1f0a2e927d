import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { repoRoot } from '../config/config-dirs';
import { writeConfigFiles } from './config-from-files';
import type { ReleaseFiles } from './snapshot';

/**
 * A config release's browser client (issue 29): the same `vite build` as dist/, run on the release's files, into
 * `<root>/<hash>/`. The build precompiles the release's validators and prerenders its pages, so the CSP stays strict.
 */

/** Where release clients are built: ONBOARD_CLIENT_RELEASES_DIR, else dist-releases/ beside dist/ (which `vite build` empties). */
export const defaultClientReleasesDir = resolve(process.env.ONBOARD_CLIENT_RELEASES_DIR || join(repoRoot, 'dist-releases'));

/** A build on a busy 2-core machine takes about a minute; one that takes ten is stuck. */
export const clientBuildTimeoutMs = 10 * 60_000;

/** Written last into a finished build: a folder without it is not served. */
export const readyMarker = '.onboard-release.json';

export function releaseClientDir(root: string, hash: string): string {
  return join(root, hash);
}

/** Whether release `hash`'s client is built and complete under `root`. */
export function releaseClientReady(root: string, hash: string): boolean {
  return existsSync(join(releaseClientDir(root, hash), readyMarker));
}

/** Why the last build of release `hash`'s client failed (kept beside the builds), or undefined. */
export function releaseClientFailure(root: string, hash: string): string | undefined {
  const file = join(root, `${hash}.failed`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export class ClientBuildFailed extends Error {}

function viteBin(): string {
  return join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
}

/** Runs `vite build` in a child process (its memory is freed when it ends), killed at `timeoutMs`. */
function runViteBuild(configDir: string, stepSchemasDir: string, outDir: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin(), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: repoRoot,
      env: { ...process.env, ONBOARD_CONFIG_DIR: configDir, ONBOARD_STEP_SCHEMAS_DIR: stepSchemasDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ClientBuildFailed(signal?.aborted ? 'the build was stopped: the server is closing' : `vite could not start: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else if (killedBy === 'SIGKILL') reject(new ClientBuildFailed(`the build took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`));
      else reject(new ClientBuildFailed(`vite build exited with ${code ?? killedBy}: ${output.trim().split('\n').slice(-8).join('\n')}`));
    });
  });
}

/**
 * Builds release `hash`'s client from its files into `<root>/<hash>/`, unless it is there already. The build goes to a
 * folder of its own and is moved into place when complete, so a half-built client is never served and two builders
 * (a command and a server) never mix their files. A failure is kept as `<root>/<hash>.failed` and thrown.
 */
export async function buildReleaseClient(options: { root: string; hash: string; files: ReleaseFiles; timeoutMs?: number; signal?: AbortSignal }): Promise<void> {
  const { root, hash } = options;
  if (releaseClientReady(root, hash)) return;
  mkdirSync(root, { recursive: true });
  const config = writeConfigFiles(options.files, 'onboard-release-client-');
  const building = join(root, `.building-${hash}-${process.pid}-${Date.now()}`);
  try {
    await runViteBuild(config.configDir, config.stepSchemasDir, building, options.timeoutMs ?? clientBuildTimeoutMs, options.signal);
    writeFileSync(join(building, readyMarker), JSON.stringify({ hash, builtAt: new Date().toISOString() }));
    rmSync(join(root, `${hash}.failed`), { force: true });
    if (!releaseClientReady(root, hash)) {
      rmSync(releaseClientDir(root, hash), { recursive: true, force: true });
      renameSync(building, releaseClientDir(root, hash));
    }
  } catch (error) {
    if (!options.signal?.aborted) writeFileSync(join(root, `${hash}.failed`), (error as Error).message);
    throw error instanceof ClientBuildFailed ? error : new ClientBuildFailed((error as Error).message);
  } finally {
    rmSync(building, { recursive: true, force: true });
    rmSync(config.root, { recursive: true, force: true });
  }
}
