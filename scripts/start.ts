import { spawn } from 'node:child_process';
import { serverOutFile } from './build-server';
import { checkConfigOrExit } from './config-gate';
import { ensureBuilt } from './ensure-built';

/**
 * `npm start`: the config check first (a broken config stops here with its message), then build what is stale and
 * run the one server as compiled JavaScript in plain node (no TypeScript loader in the serving process). Signals
 * pass through; its exit code is ours.
 */
checkConfigOrExit();
await ensureBuilt();
const server = spawn(process.execPath, [serverOutFile], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
