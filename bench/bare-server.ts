import Fastify from 'fastify';

/** The yardstick: a bare Fastify route answering `{}`, in its own process, as the app runs in its own. */
const app = Fastify({ logger: false });
app.get('/', async () => ({}));
const port = Number(process.env.PORT ?? 0);
const url = await app.listen({ host: '127.0.0.1', port });
console.log(`bare fastify listening at ${url}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
