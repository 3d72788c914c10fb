/**
 * The estoque area's screens (parameters, adjustments, transfers, stock reports) and the legacy stock
 * screens /vf hosts, taken by the shell's route table.
 */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasEstoque: TelasDaArea = {
  telas: {
    '/estoque/parametros': () => import('./parametros/ParametrosEstoquePage').then((m) => m.ParametrosEstoquePage),
    '/estoque/ajustes': () => import('./ajustes/AjustesPage').then((m) => m.AjustesPage),
    '/estoque/transferencias': () => import('./transferencias/TransferenciasPage').then((m) => m.TransferenciasPage),
    '/estoque/requisicoes': () => import('./requisicoes/RequisicoesPage').then((m) => m.RequisicoesPage),
    '/estoque/extrato-estoque': () => import('./extrato/ExtratoEstoquePage').then((m) => m.ExtratoEstoquePage),
    '/estoque/extrato-movimentacoes': () =>
      import('./relatorios/ExtratoMovimentacoesPage').then((m) => m.ExtratoMovimentacoesPage),
    '/estoque/saldo-estoque': () => import('./relatorios/SaldoEstoquePage').then((m) => m.SaldoEstoquePage),
    '/inventario': () => import('./inventario/InventariosPage').then((m) => m.InventariosPage),
    '/cadastroInventario': () => import('./inventario/InventarioCadastroPage').then((m) => m.InventarioCadastroPage),
    '/inventario/:id': () => import('./inventario/InventarioContagemPage').then((m) => m.InventarioContagemPage),
    '/inventario/:id/finalizar': () =>
      import('./inventario/InventarioFinalizarPage').then((m) => m.InventarioFinalizarPage),
  },
  // the screens the spec sends to /vf today (§2.4); their issues build the screens behind these routes
  legadas: [
    ['/relatorioExtratoEstoque/index', '/estoque/extrato-estoque'],
    ['/relatorioSaldoEstoque/index', '/estoque/saldo-estoque'],
    ['/inventario/index', '/inventario'],
    ['/inventario/index', '/inventario/:id'],
    ['/inventario/index?etapa=cadastro', '/cadastroInventario'],
    ['/inventario/index?etapa=finalizar', '/inventario/:id/finalizar'],
  ],
};
