/**
 * Funções PDV commands: a save writes the store's whole matrix and bumps its version (stale version → 409);
 * a copy writes the source store's matrix as a new version of each destination (all in the caller's stores).
 * The version row feeds the change log (migration 0442), so POS terminals get the new matrix in their next
 * load, and every terminal stays "pendente" until it confirms that version.
 */
import {
  comandoCopiarFuncoesPdv,
  comandoSalvarFuncoesPdv,
  completarMatriz,
  falhaDeCampo,
  falhasDaMatriz,
  type MatrizFuncoesPdv,
  MSG,
  MSG_FUNCOES_PDV,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import {
  type ContextoDoComando,
  conflito,
  defineWorkflow,
  MSG_COMANDO,
  proibido,
  recusar,
  recusarTudo,
} from '../../workflows';
import { lerMatriz } from './funcoes-pdv.consulta';

type Item = {
  funcao: string;
  perfil: string;
  habilitada: boolean;
  exigeAutorizacaoSupervisor: boolean;
  limite?: string | null;
};

/**
 * Writes `itens` as the store's matrix at the next version; `esperada` (when given) must be the current one.
 * The demo seed writes its matrices through here too.
 */
export async function gravarMatriz(
  trx: Tx,
  lojaId: number,
  itens: readonly Item[],
  usuarioId: number | null,
  esperada?: number,
) {
  const { rows } = await sql<{
    versao: number;
  }>`select versao from funcao_pdv_versao where id = ${lojaId} for update`.execute(trx);
  const atual = rows[0]?.versao ?? 0;
  if (esperada !== undefined && esperada !== atual) throw conflito(MSG_FUNCOES_PDV.versaoDesatualizada);
  await sql`delete from funcao_pdv_loja where loja_id = ${lojaId}`.execute(trx);
  const completos = completarMatriz(itens as never[]) as Item[];
  await sql`insert into funcao_pdv_loja (loja_id, funcao, perfil, habilitada, exige_supervisor, limite)
    select ${lojaId}, x.funcao, x.perfil, x.habilitada, x.exige, x.limite::numeric
      from jsonb_to_recordset(${JSON.stringify(
        completos.map((i) => ({
          funcao: i.funcao,
          perfil: i.perfil,
          habilitada: i.habilitada,
          exige: i.exigeAutorizacaoSupervisor,
          limite: i.limite ?? null,
        })),
      )}::jsonb) as x(funcao text, perfil text, habilitada boolean, exige boolean, limite text)`.execute(trx);
  await sql`insert into funcao_pdv_versao (id, versao, alterado_por) values (${lojaId}, ${atual + 1}, ${usuarioId})
    on conflict (assinante_id, id) do update set versao = excluded.versao, alterado_em = now(),
      alterado_por = excluded.alterado_por`.execute(trx);
  return { antes: atual, versao: atual + 1 };
}

type EntradaSalvar = z.output<typeof comandoSalvarFuncoesPdv.entrada>;
interface EstadoSalvar {
  matriz?: MatrizFuncoesPdv;
}

function validarMatriz(ctx: ContextoDoComando<EntradaSalvar, EstadoSalvar>): void {
  const falhas = falhasDaMatriz(ctx.entrada.itens);
  if (falhas.length) throw recusarTudo(falhas.map((f) => falhaDeCampo(f.campo, f.mensagem)));
}

async function salvar(ctx: ContextoDoComando<EntradaSalvar, EstadoSalvar>): Promise<void> {
  const e = ctx.entrada;
  const r = await gravarMatriz(ctx.trx, e.lojaId, e.itens, ctx.usuarioId, e.versao);
  ctx.estado.matriz = await lerMatriz(ctx.trx, e.lojaId);
  ctx.auditoria = {
    entidade: 'funcoesPdv',
    entidadeId: e.lojaId,
    operacao: 'ALTERACAO',
    antes: { versao: r.antes },
    depois: { versao: r.versao, itens: ctx.estado.matriz.itens },
  };
}

export const salvarFuncoesPdv = defineWorkflow(comandoSalvarFuncoesPdv, {
  estadoInicial: (): EstadoSalvar => ({}),
  passos: [validarMatriz, salvar],
  resposta: (ctx) => ctx.estado.matriz!,
});

type EntradaCopiar = z.output<typeof comandoCopiarFuncoesPdv.entrada>;
interface EstadoCopiar {
  lojas: { lojaId: number; versao: number }[];
}

async function copiar(ctx: ContextoDoComando<EntradaCopiar, EstadoCopiar>): Promise<void> {
  const e = ctx.entrada;
  const destinos = [...new Set(e.lojasDestino)].sort((a, b) => a - b);
  if (destinos.includes(e.lojaId)) throw recusar('lojasDestino', MSG_FUNCOES_PDV.mesmaLoja);
  const { rows } = await sql<{ id: number; sigla: string }>`
    select id, sigla from loja where id = any(${sql.val(destinos)}::int[])`.execute(ctx.trx);
  if (rows.length !== destinos.length) throw recusar('lojasDestino', MSG.recursoNaoEncontrado);
  const fora = rows.find((l) => !ctx.auth.lojas.includes(l.id));
  if (fora) throw proibido(MSG_COMANDO.lojaForaDoEscopo(fora));
  const origem = await lerMatriz(ctx.trx, e.lojaId);
  for (const l of destinos) {
    const r = await gravarMatriz(ctx.trx, l, origem.itens, ctx.usuarioId);
    ctx.estado.lojas.push({ lojaId: l, versao: r.versao });
  }
  ctx.auditoria = {
    entidade: 'funcoesPdv',
    entidadeId: e.lojaId,
    operacao: 'ALTERACAO',
    depois: { copiadaPara: ctx.estado.lojas },
  };
}

export const copiarFuncoesPdv = defineWorkflow(comandoCopiarFuncoesPdv, {
  estadoInicial: (): EstadoCopiar => ({ lojas: [] }),
  passos: [copiar],
  resposta: (ctx) => ({ lojas: ctx.estado.lojas }),
});
