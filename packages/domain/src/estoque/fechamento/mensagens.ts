/** Messages of the stock period closing (server answers and the web alike). */
import { dataBr } from '../../tempo/zonas';

export const MSG_FECHAMENTO = {
  entidade: 'fechamento de estoque',
  lojaNaoEncontrada: 'Loja não encontrada.',
  lojaForaDoEscopo: 'Você não tem acesso a esta loja.',
  dataFutura: (hoje: string) => `não é possível fechar uma data posterior a hoje (${dataBr(hoje)}).`,
  jaFechado: (sigla: string, fechadoAte: string) =>
    `O estoque da loja ${sigla} já está fechado até ${dataBr(fechadoAte)}. Para voltar a data, use a reabertura (somente administradores).`,
  naoFechado: (sigla: string) => `O estoque da loja ${sigla} não está fechado.`,
  reaberturaPosterior: (fechadoAte: string) => `a nova data deve ser anterior a ${dataBr(fechadoAte)}.`,
  /** the refusal every stock command gives for a movement in a closed period */
  periodoFechado: (sigla: string, fechadoAte: string) =>
    `O estoque da loja ${sigla} está fechado até ${dataBr(fechadoAte)}: movimentos nessa data ou antes não são aceitos.`,
} as const;
