// One log line per request, when it is answered: method, URL (secrets masked by the `req`
// serializer), address, status and time. Fastify writes a second line when a request arrives; at
// thousands of requests a second that line cost about 5 % of the process (bench:api's profile).
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A request URL as it may be logged: one-time tokens (activation links) and the gateways' callback
 * secret (the segment after /api/hooks/, whatever was sent there, since a near miss is a clue) are
 * masked. Paths of the old /api/payments/… callback layout stay masked too: a gateway still
 * registered with one keeps sending the real secret there.
 */
export function loggableUrl(url: string): string {
  return url
    .replace(/(\/email\/verify\/)[^/?]+/, '$1[token]')
    .replace(/^(\/api\/hooks\/)[^/?]+/, '$1[secret]')
    .replace(/^(\/api\/payments\/[a-z0-9/-]+\/)[A-Za-z0-9_-]{32,}/, '$1[secret]');
}

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
