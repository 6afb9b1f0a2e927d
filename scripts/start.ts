import { checkConfigOrExit } from './config-gate';
import { ensureBuilt } from './ensure-built';

/**
 * `npm start`, first half: the config check (a broken config stops here with its message, file and JSON path),
 * then build what is stale (client and server), in a process of its own that ends when the build does, so the
 * build's memory (hundreds of MB for Vite) is gone before the server starts. The second half is package.json's
 * `exec node dist-server/main.js`: the shell is replaced by the server, so npm's child is the server itself, npm
 * passes SIGTERM and SIGINT straight to it, and npm exits when it does.
 */
checkConfigOrExit();
await ensureBuilt();
