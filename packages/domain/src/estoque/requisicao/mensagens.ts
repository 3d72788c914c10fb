/** Messages of stock requisitions (server answers and the web alike). */
import { dataBr } from '../../tempo/zonas';
import { ROTULO_STATUS_REQUISICAO, type StatusRequisicao } from './status';

export const MSG_REQUISICAO = {
  entidade: 'requisições de estoque',
  naoEncontrada: 'Requisição de estoque não encontrada.',
  incluida: (id: number, exigeAprovacao: boolean) =>
    exigeAprovacao
      ? `Requisição ${id} incluída: o motivo exige aprovação antes da transferência.`
      : `Requisição ${id} incluída: pode ser transferida.`,
  motivoNaoEncontrado: 'motivo de requisição não encontrado.',
  motivoInativo: 'o motivo de requisição está inativo.',
  /** the transition table refuses the action in the current status (409) */
  transicaoInvalida: (id: number, acao: string, status: StatusRequisicao) =>
    `A requisição ${id} está ${ROTULO_STATUS_REQUISICAO[status].toLowerCase()}: não é possível ${acao}.`,
  aguardandoAprovacao: (id: number, motivo: string) =>
    `A requisição ${id} aguarda aprovação (o motivo "${motivo}" exige aprovação): aprove-a antes de transferir.`,
  naoExigeAprovacao: (id: number, motivo: string) =>
    `A requisição ${id} não precisa de aprovação (o motivo "${motivo}" não a exige): transfira-a.`,
  foraDoEscopoOrigem: 'Você não tem permissão para aprovar ou transferir na loja de origem desta requisição.',
  foraDoEscopoDestino: 'Você não tem permissão para receber ou cancelar na loja de destino desta requisição.',
  aprovada: (id: number) => `Requisição ${id} aprovada: pode ser transferida.`,
  transferida: (id: number) =>
    `Requisição ${id} transferida: a mercadoria saiu do local de origem pelo custo médio e está em trânsito até o recebimento.`,
  saldoNegativo: (produtoId: number, saldo: string) =>
    `o produto ${produtoId} ficaria com saldo negativo (${saldo}) no local de origem e a loja não permite saldo negativo.`,
  saldoNegativoTransito: (produtoId: number) =>
    `o produto ${produtoId} não tem mais saldo em trânsito na loja de origem para este recebimento.`,
  produtoForaDaRequisicao: (id: number) => `o produto ${id} não faz parte desta requisição.`,
  recebidaMaiorQueEnviada: (enviada: string) =>
    `a quantidade recebida não pode ser maior que a transferida (${enviada}): o excedente entra por um ajuste.`,
  recebimentoAntesDaTransferencia: (data: string) =>
    `o recebimento não pode ser anterior à transferência (${dataBr(data)}).`,
  dataFutura: (hoje: string) => `não é possível lançar um movimento com data posterior a hoje (${dataBr(hoje)}).`,
  recebidaIntegral: (id: number) => `Requisição ${id} recebida: todas as quantidades conferem com as transferidas.`,
  recebidaComDivergencia: (id: number, itens: number) =>
    `Requisição ${id} recebida com divergência em ${itens} ${itens === 1 ? 'item' : 'itens'}: ` +
    'a quantidade que não chegou foi baixada do trânsito como perda na loja de origem, pelo seu custo médio.',
  cancelada: (id: number) => `Requisição ${id} cancelada: nada foi lançado no estoque.`,
  jaTransferida: (id: number) =>
    `A requisição ${id} já foi transferida e não pode ser cancelada: receba-a (informe zero no que não chegou).`,
} as const;
