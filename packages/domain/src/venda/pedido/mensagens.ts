/** Messages of sales orders (server answers and the web alike). */
import { formatarDinheiro } from '../../formato';
import { ROTULO_ETAPA_PEDIDO, type EtapaPedido } from './regras';

export const MSG_PEDIDO = {
  entidade: 'pedidos de venda',
  naoEncontrado: 'Pedido de venda não encontrado.',
  foraDoEscopo: 'Você não tem permissão para alterar pedidos da loja deste pedido.',
  semId: 'não envie o id: o número do pedido é gerado aqui; o número externo vai em idExterno.',
  totalDivergente: (calculado: string) =>
    `o valor total não confere com os itens e as despesas (calculado: ${formatarDinheiro(calculado)}).`,
  idExternoDuplicado: (idExterno: string, numero: number) =>
    `O pedido externo ${idExterno} já foi recebido nesta loja (pedido ${numero}).`,
  lojaInativa: 'a loja está inativa.',
  clienteNaoEncontrado: 'cliente não encontrado.',
  formaNaoEncontrada: 'forma de pagamento não encontrada.',
  condutorNaoEncontrado: 'condutor não encontrado ou inativo.',
  motivoNaoEncontrado: 'motivo de cancelamento não encontrado, inativo ou não se aplica a pedidos de venda.',
  motivoExigeObservacao: 'este motivo exige uma observação.',
  movido: (numero: number, etapa: EtapaPedido) => `Pedido ${numero} movido para ${ROTULO_ETAPA_PEDIDO[etapa]}.`,
  transicaoInvalida: (numero: number) => `O pedido ${numero} não pode ser movido assim.`,
  /** the second of two simultaneous moves: the order as it now is */
  jaMovido: (numero: number, etapa: EtapaPedido, versao: number) =>
    `O pedido ${numero} foi alterado por outra pessoa: agora está em ${ROTULO_ETAPA_PEDIDO[etapa]} (versão ${versao}). Confira e tente de novo.`,
  estadoAtual: (etapa: EtapaPedido, versao: number) => `Etapa atual: ${ROTULO_ETAPA_PEDIDO[etapa]}; versão ${versao}.`,
  itemNaoEncontrado: (ordem: number) => `o pedido não tem o item ${ordem}.`,
  itemJaConsistente: (ordem: number) => `o item ${ordem} não tem inconsistência a corrigir.`,
  inconsistencias: {
    semProduto: 'produto não informado.',
    codigo: (codigo: string, motivo: string) => `código ${codigo}: ${motivo}`,
    produtoDesconhecido: (id: number) => `produto ${id} não encontrado.`,
    produtoInativo: (id: number) => `produto ${id} inativo.`,
    semPreco: (id: number) => `produto ${id} sem preço na loja.`,
    casas: (casas: number, sigla: string) =>
      casas === 0
        ? `a unidade ${sigla} não aceita quantidade fracionada.`
        : `a unidade ${sigla} aceita no máximo ${casas} casas decimais.`,
  },
  segredoDefinido: 'Segredo do webhook definido: guarde-o agora, ele não será mostrado de novo.',
  saldoInsuficiente: (produtoId: number, saldo: string) =>
    `o produto ${produtoId} ficaria com saldo negativo (${saldo}) na loja, que não permite saldo negativo.`,
} as const;
