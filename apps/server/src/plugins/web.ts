/** Serves the built SPA under /app/ (hash routes: every other /app path answers the index with 200). */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from './errors';

const MSG_ENDERECO_INVALIDO = 'Endereço inválido.';

/**
 * The router has decoded the path once; a '%' left in it (`/app/%25`) is not a file name we ship
 * (hashed assets, hash routes after '#'): a malformed second decoding is the client's 400, not a 500.
 */
function decoded(wildcard: string): string {
  try {
    return decodeURIComponent(wildcard);
  } catch {
    throw new ApiError(400, MSG_ENDERECO_INVALIDO);
  }
}

export async function webPlugin(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  const index = path.join(opts.webDist, 'index.html');
  app.get('/', { config: { tenant: false } }, (_req, reply) => reply.redirect('/app/'));
  // ignoreTrailingSlash makes /app and /app/ one route: redirect the bare form to the app's base
  const bare = (url: string) => (url.split('?')[0] ?? '') === '/app';
  if (!fs.existsSync(index)) {
    app.get('/app/*', (req, reply) =>
      bare(req.url)
        ? reply.redirect('/app/')
        : reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .send('A aplicação web não foi compilada. Execute: npm run build'),
    );
    return;
  }
  // serve: false → only reply.sendFile; the routes below decide what each /app path answers
  await app.register(fastifyStatic, { root: opts.webDist, serve: false });
  const root = path.resolve(opts.webDist);
  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  const fileOf = (wildcard: string): string | null => {
    const file = path.resolve(root, decoded(wildcard));
    if (!file.startsWith(root + path.sep)) return null;
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : null;
  };
  // hashed assets never change; a missing one is a 404 (the client shows its chunk-load error), never the index
  app.get('/app/assets/*', (req, reply) => {
    const file = fileOf(`assets/${(req.params as { '*': string })['*']}`);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado.');
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').sendFile(path.relative(root, file));
  });
  app.get('/app/', (req, reply) => (bare(req.url) ? reply.redirect('/app/') : sendIndex(reply)));
  app.get('/app/*', (req, reply) => {
    const wildcard = (req.params as { '*': string })['*'];
    const file = wildcard && wildcard !== 'index.html' ? fileOf(wildcard) : null;
    if (!file) return sendIndex(reply);
    return reply.header('Cache-Control', 'no-cache').sendFile(path.relative(root, file));
  });
}
