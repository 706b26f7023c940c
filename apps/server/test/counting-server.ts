import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { method: string; path: string; body: string };

/**
 * An HTTP server on loopback that counts every connection made to it, TLS hellos and requests
 * that never complete included, so a test can prove nothing reached it. It answers 201 unless
 * given its own answer.
 */
export async function startCountingServer(
  answer: (request: IncomingMessage, response: ServerResponse, body: string) => void = (
    _request,
    response,
  ) => response.writeHead(201).end(),
) {
  let connections = 0;
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: request.method ?? '', path: request.url ?? '', body });
      answer(request, response, body);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type CountingServer = Awaited<ReturnType<typeof startCountingServer>>;
