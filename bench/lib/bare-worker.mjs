// A bare Fastify in a thread of its own: the twin each API route is measured against. It
// answers each given path with the given bytes (as JSON), and `/` with a hello-world.
import { parentPort, workerData } from 'node:worker_threads';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
for (const { path, body } of workerData.routes) {
  app.get(path, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
}
const url = await app.listen({ port: 0, host: '127.0.0.1' });
parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  parentPort.postMessage('closed');
});
parentPort.postMessage({ url });
