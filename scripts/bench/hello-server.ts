/**
 * The yardstick of the per-request cost (scripts/bench/request-cost.ts): a bare Fastify answering
 * `{"hello":"world"}`, in its own process, on the port given as the first argument.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.send?.('ready');
