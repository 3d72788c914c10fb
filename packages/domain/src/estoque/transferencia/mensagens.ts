/** Messages of stock transfers (server answers and the web alike). */
import { dataBr } from '../../tempo/zonas';

export const MSG_TRANSFERENCIA = {
  entidade: 'transferências de estoque',
  naoEncontrada: 'Transferência de estoque não encontrada.',
  incluida: (id: number) => `Transferência ${id} incluída: a mercadoria está em trânsito até o recebimento.`,
  /** between locations of one store: posted at both ends at once (no receipt step) */
  incluidaRecebida: (id: number) => `Transferência ${id} incluída: a mercadoria já está no local de destino.`,
  mesmoLocal: 'o local de destino deve ser diferente do local de origem.',
  lojaNaoEncontrada: 'loja não encontrada.',
  lojaInativa: 'a loja está inativa.',
  outraEmpresa: (origem: string, destino: string) =>
    `as lojas ${origem} e ${destino} são de empresas diferentes (outra raiz de CNPJ): fiscalmente isso é uma venda ` +
    'da origem e uma compra do destino, não uma transferência. Emita uma NF-e de venda na origem e lance a entrada ' +
    'da nota no destino.',
  localNaoEncontrado: 'local de estoque não encontrado.',
  localDeOutraLoja: 'o local de estoque não pertence à loja informada.',
  localInativo: 'o local de estoque está inativo.',
  /** the location was made inactive after the sending (receipt: destination; cancelling: origin) */
  localDaPontaInativo: (ponta: 'origem' | 'destino', local: string, loja: string) =>
    ponta === 'destino'
      ? `o local de destino "${local}" (${loja}) está inativo: reative-o para receber a transferência.`
      : `o local de origem "${local}" (${loja}) está inativo: reative-o para cancelar a transferência.`,
  localTransito: 'o local de trânsito guarda mercadorias de transferências: escolha outro local.',
  dataFutura: (hoje: string) => `não é possível lançar um movimento com data posterior a hoje (${dataBr(hoje)}).`,
  saldoNegativo: (produtoId: number, saldo: string) =>
    `o produto ${produtoId} ficaria com saldo negativo (${saldo}) no local de origem e a loja não permite saldo negativo.`,
  foraDoEscopoDestino: 'Você não tem permissão para receber na loja de destino desta transferência.',
  foraDoEscopoOrigem: 'Você não tem permissão para cancelar uma transferência da loja de origem desta transferência.',
  saldoNegativoTransito: (produtoId: number) =>
    `o produto ${produtoId} não tem mais saldo em trânsito na loja de origem para este recebimento.`,
  jaRecebida: (id: number, quando: string) => `A transferência ${id} já foi recebida em ${dataBr(quando)}.`,
  cancelada: (id: number) => `A transferência ${id} foi cancelada e não pode ser recebida.`,
  naoEstaEmTransito: (id: number) => `A transferência ${id} não está em trânsito e não pode ser cancelada.`,
  produtoForaDaTransferencia: (id: number) => `o produto ${id} não faz parte desta transferência.`,
  recebidaMaiorQueEnviada: (enviada: string) =>
    `a quantidade recebida não pode ser maior que a enviada (${enviada}): o excedente entra por um ajuste.`,
  recebimentoAntesDoEnvio: (envio: string) =>
    `o recebimento não pode ser anterior à data da transferência (${dataBr(envio)}).`,
  recebidaIntegral: (id: number) => `Transferência ${id} recebida: todas as quantidades conferem com as enviadas.`,
  /** the rule of a partial receipt (README "Transferências"): what did not arrive is a loss of the origin */
  recebidaComDivergencia: (id: number, itens: number) =>
    `Transferência ${id} recebida com divergência em ${itens} ${itens === 1 ? 'item' : 'itens'}: ` +
    'a quantidade que não chegou foi baixada do trânsito como perda na loja de origem, pelo seu custo médio.',
  canceladaComSucesso: (id: number) => `Transferência ${id} cancelada: a mercadoria voltou ao local de origem.`,
} as const;
