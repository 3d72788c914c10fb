/**
 * Time limits that answer or close a stalled request (issue #26.4: a multipart body cut before its closing
 * boundary, with a correct Content-Length, was never answered).
 * - BODY_TIMEOUT_MS (30 s): a request body from which no byte arrives for that long is answered 408 in the
 *   error shape, `Connection: close`. Progress is read from the socket's byte count, without consuming the
 *   body (the route's parser or busboy does), and a body we hold unread (our own back-pressure) is no stall.
 *   Idle time, not total time: a 50 MB upload over a slow store link keeps going while bytes flow.
 * - REQUEST_TIMEOUT_MS (600 s): Node's own bound on receiving a whole request (Fastify turns it off by
 *   default), headers included; Node checks it every connectionsCheckingInterval (a quarter of the smaller
 *   limit, at most 30 s).
 */
import { MSG_ARQUIVO } from '@retaguarda/domain';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../plugins/errors';

const int = (v: string | undefined, d: number) => (Number.isSafeInteger(Number(v)) && Number(v) > 0 ? Number(v) : d);

export function temposDoAmbiente(env: NodeJS.ProcessEnv = process.env) {
  return { corpoMs: int(env.BODY_TIMEOUT_MS, 30_000), requisicaoMs: int(env.REQUEST_TIMEOUT_MS, 600_000) };
}

/** The Fastify (and Node http server) options of the limits. */
export function opcoesDeTempo(env: NodeJS.ProcessEnv = process.env): Pick<FastifyServerOptions, 'requestTimeout'> & {
  http: { connectionsCheckingInterval: number };
} {
  const t = temposDoAmbiente(env);
  const intervalo = Math.max(50, Math.min(30_000, Math.floor(Math.min(t.corpoMs, t.requisicaoMs) / 4)));
  return { requestTimeout: t.requisicaoMs, http: { connectionsCheckingInterval: intervalo } };
}

/** Answers 408 to a request whose body stopped arriving for `corpoMs`. */
export const corpoParadoPlugin = fp(async (app: FastifyInstance, opts: { corpoMs?: number }) => {
  const corpoMs = opts.corpoMs ?? temposDoAmbiente().corpoMs;
  const passo = Math.max(25, Math.min(1000, Math.floor(corpoMs / 4)));
  app.addHook('onRequest', async (request, reply) => {
    const req = request.raw;
    const temCorpo = Number(req.headers['content-length']) > 0 || req.headers['transfer-encoding'] !== undefined;
    const socket = req.socket;
    if (!temCorpo || req.complete || !socket) return;
    let lidos = socket.bytesRead;
    let desde = Date.now();
    const vigia = setInterval(() => {
      if (req.complete || socket.destroyed || reply.sent) return clearInterval(vigia);
      if (socket.bytesRead !== lidos || req.readableLength > 0) {
        lidos = socket.bytesRead;
        desde = Date.now();
        return;
      }
      if (Date.now() - desde < corpoMs) return;
      clearInterval(vigia);
      request.log.warn({ url: request.url, lidos }, 'corpo da requisição parado: 408');
      reply.header('connection', 'close');
      sendError(reply, 408, { message: MSG_ARQUIVO.corpoParado(corpoMs) });
    }, passo);
    vigia.unref();
    reply.raw.once('close', () => clearInterval(vigia));
  });
});
