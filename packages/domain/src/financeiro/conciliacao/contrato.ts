/**
 * Bank reconciliation (domain §2.4): GET /api/v1/financeiro/contas-correntes/{id}/conciliacao?inicio&fim (≤ 31
 * days: pending lines and entries, suggestions, totals, system vs statement balance), POST …/{id}/conciliacoes
 * (confirm one or many groups with an exact sum), POST …/{id}/conciliacoes/{conciliacaoId}/desfazer,
 * POST …/{id}/conciliacoes/gerar-lancamento (an unmatched line becomes an entry, reconciled at once).
 */
import { z } from 'zod';
import { dataDeNegocio } from '../../contrato';
import { lancamentoBancario } from '../lancamento/contrato';

export const MAX_DIAS_CONCILIACAO = 31;

export const MSG_CONCILIACAO = {
  entidade: 'conciliação de conta corrente',
  naoUtiliza: 'Esta conta corrente não utiliza conciliação.',
  periodoLongo: `o período da conciliação é de no máximo ${MAX_DIAS_CONCILIACAO} dias.`,
  fimAntes: 'a data final deve ser igual ou posterior à inicial.',
  linhaNaoEncontrada: (id: string) => `a linha de extrato ${id} não é desta conta.`,
  lancamentoNaoEncontrado: (id: string) => `o lançamento ${id} não é desta conta.`,
  jaConciliado: 'Uma das linhas ou lançamentos já está conciliado (ou foi estornado): atualize a tela.',
  somaDiferente: (linhas: string, lancamentos: string) =>
    `a soma das linhas (${linhas}) é diferente da soma dos lançamentos (${lancamentos}).`,
  ignorada: 'esta linha está ignorada.',
  futura: 'esta linha é de uma data futura: concilie-a a partir da data dela.',
  naoEncontrada: 'Conciliação não encontrada.',
  desfeita: 'Esta conciliação já foi desfeita.',
  linhaConciliada: 'Esta linha está conciliada: desconcilie-a antes de ignorá-la.',
  fechamentoFuturo: 'a data do fechamento não pode ser posterior a hoje.',
  fechamentoAntes: (atual: string) =>
    `a conta já está fechada até ${atual.split('-').reverse().join('/')}: escolha uma data posterior.`,
  pendentesNoFechamento: (n: number) =>
    `há ${n} linha(s) do extrato pendente(s) até esta data: concilie-as ou ignore-as antes de fechar.`,
} as const;

const ids = z.array(z.coerce.string().regex(/^\d{1,18}$/, 'identificador inválido.')).max(500);

export const grupoConciliacao = z.object({
  linhas: ids.min(1, 'escolha ao menos uma linha do extrato.'),
  lancamentos: ids.min(1, 'escolha ao menos um lançamento.'),
});

export const entradaConciliar = z.object({
  contaCorrenteId: z.number().int().positive(),
  grupos: z.array(grupoConciliacao).min(1, 'escolha o que conciliar.').max(5000),
});
export type EntradaConciliar = z.infer<typeof entradaConciliar>;

export const conciliacaoFeita = z.object({
  id: z.string(),
  linhas: z.array(z.string()),
  lancamentos: z.array(z.string()),
});
export const conciliacoesFeitas = z.object({ conciliacoes: z.array(conciliacaoFeita) });

export const entradaDesconciliar = z.object({
  contaCorrenteId: z.number().int().positive(),
  conciliacaoId: z.coerce.number().int().positive(),
});

export const entradaGerarLancamento = z.object({
  contaCorrenteId: z.number().int().positive(),
  linhaId: z.coerce.string().regex(/^\d{1,18}$/, 'informe a linha do extrato.'),
  historicoPadraoId: z.number({ error: 'informe o histórico padrão.' }).int().positive('informe o histórico padrão.'),
  complemento: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
});
export const lancamentoGerado = z.object({ conciliacaoId: z.string(), lancamento: lancamentoBancario });

export const linhaPendente = z.object({
  id: z.string(),
  data: z.string(),
  valor: z.string(),
  descricao: z.string().nullable(),
  numeroDocumento: z.string().nullable(),
  tipo: z.string(),
});
export const lancamentoPendente = z.object({
  id: z.string(),
  data: z.string(),
  /** signed: credits positive */
  valor: z.string(),
  descricao: z.string().nullable(),
  numeroDocumento: z.string().nullable(),
  origem: z.string(),
});
export const sugestaoConciliacao = z.object({
  linhas: z.array(z.string()),
  lancamentos: z.array(z.string()),
  tipo: z.enum(['1:1', '1:N', 'N:1']),
  mesmoDocumento: z.boolean(),
});

export const consultaConciliacao = z.object({ inicio: dataDeNegocio(), fim: dataDeNegocio() });

export const painelConciliacao = z.object({
  contaCorrenteId: z.number(),
  inicio: z.string(),
  fim: z.string(),
  janelaDias: z.number(),
  linhas: z.array(linhaPendente),
  lancamentos: z.array(lancamentoPendente),
  sugestoes: z.array(sugestaoConciliacao),
  /** the system balance at the end of `fim` */
  saldoSistema: z.string(),
  /** LEDGERBAL of the latest statement of the account dated on or before `fim` */
  saldoExtrato: z.string().nullable(),
  dataSaldoExtrato: z.string().nullable(),
  diferenca: z.string().nullable(),
});
export type PainelConciliacao = z.infer<typeof painelConciliacao>;

/** Ignore a statement line (bank noise, a line handled elsewhere) or take it back (`ignorar: false`). */
export const entradaIgnorarLinha = z.object({
  contaCorrenteId: z.number().int().positive(),
  linhaId: z.coerce.number().int().positive(),
  ignorar: z.boolean().default(true),
});
export const linhaIgnorada = z.object({ linhaId: z.string(), ignorado: z.boolean() });

/** Close the account up to a date (a finished reconciliation): entries on or before it are refused. */
export const entradaFechamentoConta = z.object({
  contaCorrenteId: z.number().int().positive(),
  fechadoAte: dataDeNegocio(),
});
export const fechamentoConta = z.object({
  contaCorrenteId: z.number(),
  fechadoAte: z.string(),
  anterior: z.string().nullable(),
});
