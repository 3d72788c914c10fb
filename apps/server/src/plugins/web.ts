/** Serves the built SPA under /app/ (hash routes: every other /app path answers the index with 200). */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function webPlugin(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  const index = path.join(opts.webDist, 'index.html');
  app.get('/', { config: { tenant: false } }, (_req, reply) => reply.redirect('/app/'));
  app.get('/app', { config: { tenant: false } }, (_req, reply) => reply.redirect('/app/'));
  if (!fs.existsSync(index)) {
    app.get('/app/*', (_req, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('A aplicação web não foi compilada. Execute: npm run build'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/app/',
    wildcard: false,
    index: false,
    setHeaders(res, file) {
      // hashed assets never change; the index must always be revalidated
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (_req: unknown, reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown }) => {
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  };
  // a missing hashed asset is a 404 (the client shows its chunk-load error), never the index
  app.get('/app/assets/*', (_req, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado.'));
  app.get('/app/', sendIndex as never);
  app.get('/app/*', sendIndex as never);
}
