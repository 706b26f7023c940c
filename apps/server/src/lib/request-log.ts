import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it is answered and naming both the request and its
 * answer. Fastify writes two by default ('incoming request', then 'request completed'); under
 * load, writing log lines was the largest part of the server's one thread after the answers
 * themselves (bench/RESULTS.md, issue 23), and the first line says nothing the second does not.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said by the line written when the request is answered.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
