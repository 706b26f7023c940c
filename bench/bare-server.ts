import Fastify from 'fastify';

// The ceiling of this machine's HTTP stack for a call: a bare Fastify instance answering one
// route, /bare (GET or POST), with a constant JSON body of the measured call's byte size.

/** A JSON body of exactly `bytes` bytes (at least the 2 of '{}'). */
export const jsonOfSize = (bytes: number) =>
  bytes < 11 ? '{}' : JSON.stringify({ pad: 'x'.repeat(bytes - 10) });

export type BareServer = {
  /** The route's URL. */
  url: string;
  /** What the route answers from now on. */
  setBody: (body: string) => void;
  close: () => Promise<void>;
};

export async function startBareServer(): Promise<BareServer> {
  let body = '{}';
  const bare = Fastify({ logger: false });
  bare.route({
    method: ['GET', 'POST'],
    url: '/bare',
    handler: async (_request, reply) => reply.type('application/json').send(body),
  });
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${address}/bare`,
    setBody: (next) => {
      body = next;
    },
    close: () => bare.close(),
  };
}
