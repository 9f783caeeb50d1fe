// One log line per request, when it is answered: method, URL (secrets masked by the `req`
// serializer), address, status and time. Fastify writes a second line when a request arrives; at
// thousands of requests a second that line cost about 5 % of the process (bench:api's profile).
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLineRequestLog extends Fastify.LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
