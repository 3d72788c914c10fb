/**
 * The public faces of the inconsistency lots' commands under /api/v1/fiscal/lotes-inconsistencia
 * (domain.md §3.7): create (201 + Location), propostas, analise, finalizacao (a large lot continues in a
 * job the answer names), cancelamento; and the full recount of the tenant's inconsistencies (202 + its job).
 */
import { z } from 'zod';
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import {
  entradaAcaoLote,
  entradaCriarLote,
  entradaPropostasLote,
  loteInconsistencia,
  resultadoPropostasLote,
} from './contrato';
import { MSG_LOTE_INCONSISTENCIA as MSG } from './mensagens';

const BASE = '/api/v1/fiscal/lotes-inconsistencia';
const P = 'LOTE_INCONSISTENCIA_PRODUTO' as const;
const incluirOuEditar = { permissao: [perm(P, 'INCLUIR'), perm(P, 'EDITAR')] } as const;

export const comandoCriarLote = defineCommand({
  nome: 'fiscal.lote-inconsistencia.criar',
  caminho: BASE,
  resumo: 'Cria um lote com os produtos que têm a inconsistência escolhida',
  entidade: MSG.entidade,
  entrada: entradaCriarLote,
  saida: loteInconsistencia,
  acesso: { permissao: perm(P, 'INCLUIR') },
  criaRecurso: (l) => l.id,
});

export const comandoProporValoresLote = defineCommand({
  nome: 'fiscal.lote-inconsistencia.propostas',
  caminho: `${BASE}/{id}/propostas`,
  resumo: 'Define os valores propostos (para todos, por loja ou por linha), validados nas tabelas oficiais',
  entidade: MSG.entidade,
  entrada: entradaPropostasLote,
  saida: resultadoPropostasLote,
  acesso: incluirOuEditar,
});

export const comandoAnalisarLote = defineCommand({
  nome: 'fiscal.lote-inconsistencia.analise',
  caminho: `${BASE}/{id}/analise`,
  resumo: 'Envia o lote para análise (depois disso ele pode ser finalizado)',
  entidade: MSG.entidade,
  entrada: entradaAcaoLote,
  saida: loteInconsistencia,
  acesso: incluirOuEditar,
});

export const comandoFinalizarLote = defineCommand({
  nome: 'fiscal.lote-inconsistencia.finalizacao',
  caminho: `${BASE}/{id}/finalizacao`,
  resumo:
    'Aplica os valores propostos aos produtos, registra antes/depois e fecha o lote (lote grande: em segundo plano)',
  entidade: MSG.entidade,
  entrada: entradaAcaoLote,
  saida: loteInconsistencia,
  acesso: { permissao: perm(P, 'EDITAR') },
  // 200 with the lot either way: a large lot names the job that continues it in `tarefaId` (not a 202 command)
});

export const comandoCancelarLote = defineCommand({
  nome: 'fiscal.lote-inconsistencia.cancelamento',
  caminho: `${BASE}/{id}/cancelamento`,
  resumo: 'Cancela o lote (nada é aplicado aos produtos)',
  entidade: MSG.entidade,
  entrada: entradaAcaoLote,
  saida: loteInconsistencia,
  acesso: { permissao: perm(P, 'EDITAR') },
});

/** The recount's answer: the job (one open per tenant: a second request while it runs answers the same). */
export const recalculoIniciado = z.object({ tarefaId: z.string() });

export const comandoRecalcularInconsistencias = defineCommand({
  nome: 'fiscal.inconsistencias.recalculo',
  caminho: '/api/v1/fiscal/inconsistencias/recalculo',
  resumo: 'Recalcula todas as inconsistências do assinante em segundo plano',
  entidade: MSG.entidade,
  entrada: z.object({}),
  saida: recalculoIniciado,
  acesso: incluirOuEditar,
  responde: 'tarefa',
  raizXml: 'Recalculo',
});
