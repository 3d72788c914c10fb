/**
 * Routes outside /api that existing clients call: the legacy form sign-in
 * (POST /j_spring_security_check → HttpOnly cookie session for /vf), GET /auth/logout, and old links
 * to the legacy screens under /vf, sent to the web's /vf host — unless the screen is franchise-only and the
 * tenant is not (403 before any redirect: the client type is checked before /vf, as the web guard does).
 * They resolve the tenant themselves, since the tenant plugin lives in the /api scope; the old web app's
 * JSON lookups (GET /produto/cadastro/pesquisa/simples/porCodigo, api-compat C4) sit in a scope of their own
 * with the tenant and auth hooks (the old page's cookie session, as any other credential of the API); product pictures
 * (GET /arquivo/view, public per tenant) share that scope for its tenant hook.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { hostOf } from '../../plugins/tenant';
import { MSG, MSG_TIPO_CLIENTE, perm, ROTAS, type RotaDef } from '@retaguarda/domain';
import { logout, setLegacyCookie } from '../../plugins/auth/session-tokens';
import { identityFor } from '../../plugins/auth/identity';
import { authenticate, openSession } from '../../plugins/auth/login';
import { authOf, authPlugin } from '../../plugins/auth';
import { tenantPlugin } from '../../plugins/tenant';
import { produtoDoCodigo } from '../produto/consulta.routes';
import { imagemProdutoRoutes } from '../produto/imagem.routes';

/** The route table's legacy screens by their legacy path (`/relatorioExtratoEstoque/index`). */
const TELAS_LEGADAS = new Map<string, RotaDef>(
  ROTAS.flatMap((r) => (r.especial?.tipo === 'legado' ? [[r.especial.r, r] as const] : [])),
);

/** The route of an `r` (`/controlador/acao?…`; a bare `/controlador` reads as `/controlador/index`). */
export function telaLegadaDe(r: string): RotaDef | undefined {
  const caminho = (r.split('?')[0] ?? '').replace(/\/+$/, '');
  return TELAS_LEGADAS.get(caminho.split('/').length === 2 ? `${caminho}/index` : caminho);
}

const form = z.object({ j_username: z.string().trim().min(1).max(150), j_password: z.string().min(1).max(512) });

export async function legacyRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const id = await identityFor(opts.db);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const tenant = async (request: FastifyRequest) => {
    const assinante = await opts.db.resolveAssinante(hostOf(request));
    if (!assinante) throw new ApiError(404, MSG.assinaturaNaoEncontrada);
    return assinante;
  };

  app.post('/j_spring_security_check', async (request, reply) => {
    const assinante = await tenant(request);
    const parsed = form.safeParse(request.body ?? {});
    if (!parsed.success) throw new ApiError(401, MSG.naoAutenticado);
    const { j_username, j_password } = parsed.data;
    const user = await authenticate(id, request, reply, assinante.id, j_username, j_password);
    const sessaoId = await openSession(id, request, assinante.id, user, 'LEGADO');
    setLegacyCookie(request, reply, id.signer.sessionToken(sessaoId), id.settings.sessionMaxSeconds);
    return { id: user.id, username: user.username };
  });

  app.get('/auth/logout', async (request, reply) => logout(id, request, reply, (await tenant(request)).id));

  /** A franchise-only screen for a tenant that is not one: refused before the redirect. */
  const checarTipoCliente = async (request: FastifyRequest, r: string | undefined) => {
    const tela = r ? telaLegadaDe(r) : undefined;
    if (!tela || tela.tipoCliente === 'all') return;
    if ((await tenant(request)).tipoCliente !== tela.tipoCliente)
      throw new ApiError(403, MSG_TIPO_CLIENTE.somenteFranquia(tela.titulo));
  };

  // old links to the legacy screens (/vf/<controlador>/<acao>?…, /vf?r=…&b=…) open the web's /vf host
  app.get('/vf', async (request, reply) => {
    const r = (request.query as { r?: unknown }).r;
    await checarTipoCliente(request, typeof r === 'string' ? r : undefined);
    return reply.redirect(`/app/#/vf${request.url.slice('/vf'.length)}`);
  });
  app.get('/vf/*', async (request, reply) => {
    const r = request.url.slice('/vf'.length);
    await checarTipoCliente(request, r);
    return reply.redirect(`/app/#/vf?r=${encodeURIComponent(r)}`);
  });

  await app.register(async (cookie) => {
    await cookie.register(tenantPlugin, { db: opts.db });
    await cookie.register(authPlugin, { db: opts.db });
    await cookie.register(imagemProdutoRoutes, { db: opts.db });
    // the old product screen's lookup: {id} of an internal code or barcode (padded to 14), 404 when unknown
    cookie.get(
      '/produto/cadastro/pesquisa/simples/porCodigo',
      { config: { access: { anyOf: [perm('PRODUTO')], entidade: 'produtos' } } },
      async (request) => {
        const auth = authOf(request);
        const codigo = String((request.query as { produto?: unknown }).produto ?? '').trim();
        const achado = /^\d{1,14}$/.test(codigo)
          ? await opts.db.withTenant(auth.assinanteId, (trx) => produtoDoCodigo(trx, codigo))
          : undefined;
        if (!achado) throw new ApiError(404, MSG_PRODUTO_CODIGO.naoEncontrado(codigo));
        return { id: Number(achado.id) };
      },
    );
  });
}

const MSG_PRODUTO_CODIGO = {
  naoEncontrado: (codigo: string) => `Nenhum produto com o código ${codigo || '(vazio)'}.`,
};
