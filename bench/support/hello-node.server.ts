/**
 * The floor under the framework: bare `node:http`, answering the same small envelope to GET and echoing a JSON body
 * to POST, as hello-nest.app.ts does.
 *
 *   PORT=3002 node --no-experimental-strip-types -r @swc-node/register bench/support/hello-node.server.ts
 */
import { createServer } from 'node:http';

const HELLO = JSON.stringify({ status: 'success', reason: 'Hello', version: 2, data: { hello: 'world' } });

createServer((request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(HELLO);
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const echo = JSON.stringify({ status: 'success', reason: 'Echo', version: 2, data: body });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(echo);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
