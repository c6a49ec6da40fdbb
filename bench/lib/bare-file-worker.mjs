// The floor of a file's trip through Node's HTTP, in a thread of its own: a bare node:http
// server that writes a POST's body to a file as it arrives, and streams a file back to a GET.
// No multipart, no rights, no database: what any Node server pays to move the bytes.
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';

const { source, target } = workerData;
const server = http.createServer((request, response) => {
  const done = (error) => {
    if (error) response.destroy(error);
  };
  if (request.method === 'POST') {
    pipeline(request, createWriteStream(target)).then(() => response.end('stored'), done);
    return;
  }
  response.setHeader('content-length', String(statSync(source).size));
  pipeline(createReadStream(source, { highWaterMark: 1024 * 1024 }), response).catch(done);
});
server.listen(0, '127.0.0.1', () =>
  parentPort.postMessage({ url: `http://127.0.0.1:${server.address().port}` }),
);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  server.close(() => parentPort.postMessage('closed'));
});
