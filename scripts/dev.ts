import { spawn, type ChildProcess } from 'node:child_process';
import { checkConfigOrExit } from './config-gate';

/** `npm run dev`: the API in watch mode on API_PORT and Vite's dev server (hot reload) proxying /api to it. */
checkConfigOrExit();
const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

function stop(): void {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => {
  if (code) {
    stop();
    process.exitCode = code;
  }
});
