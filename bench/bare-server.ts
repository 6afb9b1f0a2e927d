import Fastify from 'fastify';
import { maskingLoggerOptions } from '../server/platform/log-masking';
import { batchedStdout } from '../server/platform/log-stream';
import { OneLineRequestLog } from '../server/platform/request-log';
import { registerSecurity } from '../server/platform/security';

/**
 * The yardstick: a bare Fastify route answering `{}`, in its own process as the app runs in its own.
 * With BARE_LIKE_APP=1 it also sends the app's security headers and writes the app's request log
 * line: the part of a request's cost that is the app's required behaviour, not its code.
 */
const likeApp = process.env.BARE_LIKE_APP === '1';
const app = likeApp
  ? Fastify({ logger: maskingLoggerOptions({ level: 'info', stream: batchedStdout() }), logController: new OneLineRequestLog() })
  : Fastify({ logger: false });
if (likeApp) await registerSecurity(app, { production: false, corsOrigins: [] });
app.get('/', async () => ({}));
const port = Number(process.env.PORT ?? 0);
await app.listen({ host: '127.0.0.1', port });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
