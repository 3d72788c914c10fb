/**
 * The POS change feed as the vendor SDK calls it: `POST /api/v1/pessoa/lojas/{lojaId}/cargas` (XML ParamCarga
 * or JSON; a read by POST, answered as `Carga`) and its confirmation (a command). Readers: a device credential
 * of that store, or a user or integration key holding PERM_FUNCOES_PDV_ACESSO and the store.
 */
import {
  carga,
  falhaDeCampo,
  MSG,
  comandoConfirmarCarga,
  MSG_CARGA,
  MSG_DISPOSITIVO,
  paramCarga,
  perm,
  zonaDaLoja,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { type AuthContext, authOf } from '../../plugins/auth';
import { ApiError, falhasDaEntrada, MSG_COMANDO } from '../../plugins/errors';
import { lerCursor } from '../../sync/cursor';
import { type ContextoDoComando, defineWorkflow, montarWorkflows, recusar } from '../../workflows';
import { lerCarga } from './carga';
import { type LojaComMarca, lojaComMarca } from './carga.marca';

const params = z.object({ lojaId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The store of the call, in the caller's scope (a device: its own store only); `lida` when read already. */
export async function lojaDaCarga(db: Database, auth: AuthContext, lojaId: number, lida?: LojaComMarca) {
  const [l] = lida
    ? [lida]
    : await db.readOnce(
        auth.assinanteId,
        sql<{ id: number; sigla: string; uf: string; codigoIbge: string | null }>`
          select id, sigla, uf, codigo_ibge from loja where id = ${lojaId}`,
      );
  if (auth.dispositivoId != null && auth.lojas[0] !== lojaId) throw new ApiError(403, MSG_DISPOSITIVO.outraLoja);
  if (!l) throw new ApiError(404, MSG_COMANDO.lojaNaoEncontrada);
  if (!auth.lojas.includes(l.id)) throw new ApiError(403, MSG_COMANDO.lojaForaDoEscopo(l));
  return { id: l.id, zona: zonaDaLoja(l) };
}

/** JSON clients may send `entidades: {values: [...]}` as the XML shape reads; both become the list. */
function normalizar(corpo: unknown): unknown {
  if (!corpo || typeof corpo !== 'object' || Array.isArray(corpo)) return corpo;
  const c = corpo as Record<string, unknown>;
  const raiz = (c.ParamCarga && typeof c.ParamCarga === 'object' ? c.ParamCarga : c) as Record<string, unknown>;
  const e = raiz.entidades as { values?: unknown } | undefined;
  if (e && typeof e === 'object' && !Array.isArray(e) && 'values' in e)
    return { ...raiz, entidades: Array.isArray(e.values) ? e.values : [e.values] };
  return raiz;
}

// ---------- confirmation ----------

type EntradaConfirmacao = z.output<typeof comandoConfirmarCarga.entrada>;
interface EstadoConfirmacao {
  dispositivoId: number | null;
}

async function confirmar(ctx: ContextoDoComando<EntradaConfirmacao, EstadoConfirmacao>): Promise<void> {
  const e = ctx.entrada;
  if (!lerCursor(e.marcador)) throw recusar('marcador', MSG_CARGA.marcadorInvalido);
  if (ctx.auth.dispositivoId != null && ctx.auth.lojas[0] !== e.lojaId)
    throw new ApiError(403, MSG_DISPOSITIVO.outraLoja);
  const { rows: v } = await sql<{
    versao: number;
  }>`select versao from funcao_pdv_versao where id = ${e.lojaId}`.execute(ctx.trx);
  if ((e.versaoFuncoes ?? 0) > (v[0]?.versao ?? 0)) throw recusar('versaoFuncoes', MSG_CARGA.versaoFutura);
  const alvo =
    ctx.auth.dispositivoId != null
      ? sql`id = ${ctx.auth.dispositivoId}`
      : e.numeroCaixa != null
        ? sql`loja_id = ${e.lojaId} and numero_caixa = ${e.numeroCaixa} and tipo = 'POS_ANDROID' and status = 'ATIVO'`
        : null;
  if (!alvo) return;
  const { rows } = await sql<{ id: number }>`
    update dispositivo set marcador_confirmado = ${e.marcador}, sincronizado_em = now(),
           funcoes_versao = coalesce(${e.versaoFuncoes ?? null}::int, funcoes_versao)
     where ${alvo} returning id::int as id`.execute(ctx.trx);
  if (!rows[0]) throw recusar('numeroCaixa', MSG_CARGA.caixaNaoCadastrado(e.numeroCaixa ?? 0));
  ctx.estado.dispositivoId = rows[0].id;
  ctx.auditoria = {
    entidade: 'dispositivo',
    entidadeId: rows[0].id,
    operacao: 'ALTERACAO',
    depois: { marcador: e.marcador, versaoFuncoes: e.versaoFuncoes ?? null },
  };
}

export const confirmarCarga = defineWorkflow(comandoConfirmarCarga, {
  estadoInicial: (): EstadoConfirmacao => ({ dispositivoId: null }),
  passos: [confirmar],
  resposta: (ctx) => ({
    lojaId: ctx.entrada.lojaId,
    marcador: ctx.entrada.marcador,
    versaoFuncoes: ctx.entrada.versaoFuncoes ?? null,
    dispositivoId: ctx.estado.dispositivoId,
    message: MSG_CARGA.confirmada,
  }),
});

export async function cargaRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.post(
    '/v1/pessoa/lojas/:lojaId/cargas',
    {
      config: {
        access: { anyOf: [perm('FUNCOES_PDV')], dispositivo: true, entidade: MSG_CARGA.entidade },
        xml: { entrada: paramCarga, raiz: 'Carga' },
      },
      schema: {
        tags: ['frente de loja'],
        summary: 'Carga do PDV: o que mudou para a loja desde o marcador (sem marcador: a carga completa, paginada)',
        params,
        body: paramCarga,
        response: { 200: carga },
      },
      // documented by the schema, serialised as is: a full-load page holds thousands of free-form rows and a zod
      // pass over each cost the load most of its time budget (the answer is typed by the domain's Carga)
      serializerCompiler: () => (data: unknown) => JSON.stringify(data),
      // the body is read below (the SDK's `entidades/values` shape first)
      validatorCompiler: (o) =>
        o.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(o as never),
    },
    async (request: FastifyRequest<{ Params: z.infer<typeof params> }>) => {
      const auth = authOf(request);
      const lido = paramCarga.safeParse(normalizar(request.body ?? {}));
      const { lojaId } = request.params;
      // the idle poll (a sync cursor as marker): the store and its high-water mark in one statement
      const marcador =
        lido.success && lido.data.marcador && !lido.data.marcador.startsWith('C') ? lido.data.marcador : null;
      const comMarca = marcador ? await lojaComMarca(db, auth.assinanteId, lojaId, marcador) : undefined;
      const loja = await lojaDaCarga(db, auth, lojaId, comMarca);
      if (!lido.success) throw falhasDaEntrada(lido.error.issues);
      if (comMarca?.expirado)
        throw new ApiError(422, MSG.validacao, [falhaDeCampo('marcador', MSG_CARGA.marcadorExpirado)]);
      if (comMarca?.nadaNovo && marcador) return { alterados: [], removidos: [], marcador, temMais: false };
      return lerCarga(db, auth.assinanteId, loja, lido.data);
    },
  );
  montarWorkflows(api, db, [confirmarCarga]);
}
