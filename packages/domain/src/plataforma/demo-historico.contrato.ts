/**
 * Demo history on demand (POST /api/v1/plataforma/demo/historico, administrators; also the command
 * `npm run demo:historico`): a job that posts N days of plausible stock movements, ending yesterday,
 * for the tenant's demo stores and products. The first start's demo data stays small.
 */
import { z } from 'zod';

export const DIAS_HISTORICO_DEMO = { padrao: 365, maximo: 1096 } as const;

const MSG_DIAS = `dias: informe de 1 a ${DIAS_HISTORICO_DEMO.maximo.toLocaleString('pt-BR')} dias.`;

export const entradaHistoricoDemo = z.object({
  dias: z
    .number()
    .int(MSG_DIAS)
    .min(1, MSG_DIAS)
    .max(DIAS_HISTORICO_DEMO.maximo, MSG_DIAS)
    .default(DIAS_HISTORICO_DEMO.padrao),
});
export type EntradaHistoricoDemo = z.output<typeof entradaHistoricoDemo>;

export const historicoDemoIniciado = z.object({ tarefaId: z.string(), message: z.string() });

/** The job's result. */
export interface ResultadoHistoricoDemo {
  dias: number;
  /** store-days posted by this run (days already generated, or in a closed period, are skipped) */
  diasLoja: number;
  movimentos: number;
  segundos: number;
}

export const MSG_HISTORICO_DEMO = {
  titulo: (dias: number) => `Histórico de demonstração (${dias} dias)`,
  iniciado: 'Geração do histórico de demonstração iniciada.',
  emAndamento: 'Já existe uma geração de histórico de demonstração em andamento para este assinante.',
  somenteDemonstracao: 'O histórico de demonstração só pode ser gerado nos assinantes de demonstração.',
  semLojas: 'Nenhuma loja com local de estoque do tipo LOJA e nenhum produto ativo para gerar o histórico.',
  progresso: (movimentos: number) => `${movimentos.toLocaleString('pt-BR')} movimentos`,
  concluido: 'Histórico de demonstração gerado',
  resumo: (r: ResultadoHistoricoDemo) =>
    `${r.movimentos.toLocaleString('pt-BR')} movimentos de estoque em ${r.diasLoja.toLocaleString('pt-BR')} dias de loja (${r.dias} dias).`,
} as const;
