/** The venda area's screens: the order monitoring (board and list) and one order's details. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasVenda: TelasDaArea = {
  telas: {
    '/monitoramentoDePedido': () =>
      import('./pedidos/MonitoramentoPedidosPage').then((m) => m.MonitoramentoPedidosPage),
    '/monitoramentoDePedido/detalhesPedidoVenda/:id': () =>
      import('./pedidos/PedidoDetalhesPage').then((m) => m.PedidoDetalhesPage),
  },
};
