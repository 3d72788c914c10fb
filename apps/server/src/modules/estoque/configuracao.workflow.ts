/**
 * Per-store stock parameters: the negative-balance policy (administrators; postings read it in
 * `lancamento.ts`). Held under the store's posting lock so no posting runs half under the old policy.
 * The value lives in the settings kit (`estoque.permiteSaldoNegativo`, store level); this command and its
 * reads stay as the face existing clients call. `configuracao_estoque_loja` is the kit's view (0395).
 */
import { type ConfiguracaoEstoque, comandoConfiguracaoEstoque } from '@retaguarda/domain';
import { sql } from 'kysely';
import { gravarValor } from '../../configuracoes';
import type { Tx } from '../../db/database';
import { defineWorkflow, type Passo } from '../../workflows';
import { chaveSaldos } from './lancamento';

interface Estado {
  antes: boolean;
  atual: ConfiguracaoEstoque | null;
}

/** The parameters of the stores given, in store order. */
export async function configuracoesDasLojas(trx: Tx, lojas: readonly number[]): Promise<ConfiguracaoEstoque[]> {
  const { rows } = await sql<ConfiguracaoEstoque>`
    select l.id as loja_id, l.sigla, l.nome, coalesce(c.permite_saldo_negativo, true) as permite_saldo_negativo,
           to_char(f.fechado_ate, 'YYYY-MM-DD') as fechado_ate,
           f.alterado_em as fechamento_alterado_em
      from loja l
      left join configuracao_estoque_loja c on c.loja_id = l.id
      left join fechamento_estoque f on f.loja_id = l.id
     where l.id = any(${[...lojas]}::int4[])
     order by l.sigla, l.id`.execute(trx);
  return rows;
}

const gravar: Passo<{ lojaId: number; permiteSaldoNegativo: boolean }, Estado> = async (ctx) => {
  const { rows } = await sql<{ antes: boolean | null }>`
    select permite_saldo_negativo as antes from configuracao_estoque_loja where loja_id = ${ctx.loja.id}`.execute(
    ctx.trx,
  );
  ctx.estado.antes = rows[0]?.antes ?? true;
  await gravarValor(ctx.trx, {
    assinanteId: ctx.assinanteId,
    chave: 'estoque.permiteSaldoNegativo',
    lojaId: ctx.loja.id,
    valor: ctx.entrada.permiteSaldoNegativo,
    usuarioId: ctx.usuarioId,
  });
  ctx.estado.atual = (await configuracoesDasLojas(ctx.trx, [ctx.loja.id]))[0] ?? null;
  ctx.auditoria = {
    entidade: 'configuracaoEstoqueLoja',
    entidadeId: ctx.loja.id,
    operacao: 'ALTERACAO',
    antes: { permiteSaldoNegativo: ctx.estado.antes },
    depois: { permiteSaldoNegativo: ctx.entrada.permiteSaldoNegativo },
  };
};

export const configurarEstoqueDaLoja = defineWorkflow(comandoConfiguracaoEstoque, {
  // the same key the store's postings take (lancamento.ts): the policy changes between postings, never during one
  lock: (e) => chaveSaldos(e.lojaId),
  estadoInicial: (): Estado => ({ antes: true, atual: null }),
  passos: [gravar],
  resposta: (ctx) => ctx.estado.atual!,
});
