import Fastify from 'fastify';

/** The floor for the API bench: a bare Fastify hello-world (the server's own Fastify version). */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`hello listening on ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
