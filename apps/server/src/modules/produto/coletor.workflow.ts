/**
 * The tenant's collector layouts on their domain faces (issue #25.1): save by name (creates or replaces) and
 * delete by name (404 when none); audited by the backbone (entidade `layout_coletor`, the name as the id).
 */
import {
  comandoExcluirLayoutColetor,
  comandoSalvarLayoutColetor,
  type LayoutColetorSalvo,
  MSG_COLETOR,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { naoEncontrado } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';

async function salvar(ctx: ContextoDoComando<LayoutColetorSalvo, Record<string, never>>): Promise<void> {
  const { nome, layout } = ctx.entrada;
  const { rows } = await sql<{ definicao: unknown }>`
    select definicao from layout_coletor where nome = ${nome} for update`.execute(ctx.trx);
  await sql`insert into layout_coletor (nome, definicao, alterado_por)
            values (${nome}, ${JSON.stringify(layout)}::jsonb, ${ctx.usuarioId})
            on conflict (assinante_id, nome) do update
               set definicao = excluded.definicao, versao = layout_coletor.versao + 1,
                   alterado_em = now(), alterado_por = excluded.alterado_por`.execute(ctx.trx);
  ctx.auditoria = {
    entidade: 'layout_coletor',
    entidadeId: nome,
    operacao: rows[0] ? 'ALTERACAO' : 'INCLUSAO',
    antes: rows[0]?.definicao,
    depois: layout,
  };
}

export const salvarLayoutColetor = defineWorkflow(comandoSalvarLayoutColetor, {
  estadoInicial: () => ({}),
  passos: [salvar],
  resposta: (ctx) => ({ nome: ctx.entrada.nome, layout: ctx.entrada.layout }),
});

async function excluir(ctx: ContextoDoComando<{ nome: string }, Record<string, never>>): Promise<void> {
  const { nome } = ctx.entrada;
  const { rows } = await sql<{ definicao: unknown }>`
    delete from layout_coletor where nome = ${nome} returning definicao`.execute(ctx.trx);
  if (!rows[0]) throw naoEncontrado(MSG_COLETOR.layoutNaoEncontrado(nome));
  ctx.auditoria = { entidade: 'layout_coletor', entidadeId: nome, operacao: 'EXCLUSAO', antes: rows[0].definicao };
}

export const excluirLayoutColetor = defineWorkflow(comandoExcluirLayoutColetor, {
  estadoInicial: () => ({}),
  passos: [excluir],
  resposta: (ctx) => ({ nome: ctx.entrada.nome }),
});
