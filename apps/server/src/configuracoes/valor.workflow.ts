/**
 * A parameter's value on its domain faces (`PUT /api/v1/configuracoes/{chave}` and `…/lojas/{lojaId}`): the
 * store is loaded and scope-checked by the backbone (404 / 403), who may change it and what it takes come from
 * the parameter's declaration (403, 422 on `valor`), a stale `versao` is 409; audited by the backbone
 * (`entidade = 'configuracao'`), the change announced after commit by `gravarValor`.
 */
import {
  comandoValorDaEmpresa,
  comandoValorDaLoja,
  esquemaDoValor,
  MSG,
  MSG_CONFIGURACOES,
  type ParametroConfigurado,
  parametroPorChave,
  type QualquerParametro,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { AuthContext } from '../plugins/auth';
import { ApiError, naoEncontrado, proibido, recusar } from '../plugins/errors';
import { type ContextoDoComando, defineWorkflow } from '../workflows';
import { podeAlterar } from './acesso';
import { chaveDaLinha, gravarValor, type LinhaParametro, linhasDoAssinante, resolver } from './armazem';

/** A parameter as the API answers it: the declaration, the value in force at the level asked, its version. */
export function itemConfigurado(
  d: QualquerParametro,
  linhas: LinhaParametro[],
  lojaId: number | null,
  auth: AuthContext,
): ParametroConfigurado {
  const mapa = new Map(linhas.map((l) => [chaveDaLinha(l.chave, l.lojaId), l]));
  const r = resolver(d, mapa, lojaId);
  const nivel = d.escopo === 'loja' && lojaId !== null ? lojaId : null;
  const { permissao: _p, flag: _f, ...declarado } = d;
  return {
    ...declarado,
    ...r,
    versao: mapa.get(chaveDaLinha(d.chave, nivel))?.versao ?? 0,
    podeAlterar: podeAlterar(auth, d),
  } as ParametroConfigurado;
}

interface Estado {
  declarado?: QualquerParametro;
  valor: unknown;
  item?: ParametroConfigurado;
}
type Ctx = ContextoDoComando<{ chave: string; lojaId?: number; valor?: unknown; versao?: number }, Estado>;

const lojaDe = (ctx: Ctx): number | null => ctx.entrada.lojaId ?? null;

/** The declaration decides: unknown key 404, no right to change it 403, no per-store value 422, the value's type 422. */
function conferirDeclaracao(ctx: Ctx): void {
  const { chave, valor } = ctx.entrada;
  const d = parametroPorChave(chave);
  if (!d) throw naoEncontrado(MSG_CONFIGURACOES.parametroDesconhecido(chave));
  if (!podeAlterar(ctx.auth, d)) throw new ApiError(403, MSG.semPermissao(MSG_CONFIGURACOES.entidade));
  if (lojaDe(ctx) !== null && d.escopo === 'assinante') throw recusar('lojaId', MSG_CONFIGURACOES.somenteEmpresa);
  if (valor === undefined) throw recusar('valor', MSG_CONFIGURACOES.valorObrigatorio);
  if (valor !== null) {
    const v = esquemaDoValor(d).safeParse(valor);
    if (!v.success) throw recusar('valor', v.error.issues[0]?.message ?? MSG_CONFIGURACOES.valorObrigatorio);
    ctx.estado.valor = v.data;
  }
  ctx.estado.declarado = d;
}

/**
 * The tenant's value of a store-scoped parameter reaches every store: a user who lacks some store may not set
 * it (architecture §7.12), 403 naming the stores.
 */
async function conferirTodasAsLojas(ctx: Ctx): Promise<void> {
  if (lojaDe(ctx) !== null || ctx.estado.declarado?.escopo !== 'loja') return;
  const { rows } = await sql<{ sigla: string }>`
    select sigla from loja where not (id = any(${[...ctx.auth.lojas]}::int4[])) order by sigla`.execute(ctx.trx);
  if (rows.length) throw proibido(MSG_CONFIGURACOES.valorDeTodasAsLojas(rows.map((r) => r.sigla).join(', ')));
}

async function gravar(ctx: Ctx): Promise<void> {
  const { chave, versao } = ctx.entrada;
  const lojaId = lojaDe(ctx);
  const { valor } = ctx.estado;
  const g = await gravarValor(ctx.trx, {
    assinanteId: ctx.assinanteId,
    chave,
    lojaId,
    valor,
    versao,
    usuarioId: ctx.usuarioId,
  });
  ctx.auditoria = {
    entidade: 'configuracao',
    entidadeId: lojaId === null ? chave : `${chave}@${lojaId}`,
    operacao: 'ALTERACAO',
    antes: { valor: g.antes },
    depois: { valor },
  };
  ctx.estado.item = itemConfigurado(ctx.estado.declarado!, await linhasDoAssinante(ctx.trx, [chave]), lojaId, ctx.auth);
}

const ligacao = {
  estadoInicial: (): Estado => ({ valor: null }),
  passos: [conferirDeclaracao, conferirTodasAsLojas, gravar],
  resposta: (ctx: Ctx): ParametroConfigurado => {
    if (!ctx.estado.item) throw new Error('parâmetro não gravado');
    return ctx.estado.item;
  },
};

export const alterarValorDaEmpresa = defineWorkflow(comandoValorDaEmpresa, ligacao);
export const alterarValorDaLoja = defineWorkflow(comandoValorDaLoja, ligacao);
