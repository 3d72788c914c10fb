/**
 * The public faces of the inventory commands (issue "Inventory counting"): create (201 + Location), start the
 * count, a count line (single, and `…/itens/lote` for the SDK), close the count (conferência), recount,
 * finalize (posts the differences) and cancel. Member commands take the store from the inventory's row.
 * Steps in apps/server modules/estoque/inventario*.passos.ts.
 */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import {
  contagemRegistrada,
  entradaDoInventario,
  entradaFinalizacaoInventario,
  entradaImportacaoInventario,
  importacaoInventario,
  entradaInventario,
  entradaItemInventario,
  entradaRecontagem,
  finalizacaoInventario,
  inventario,
} from './contrato';
import { MSG_INVENTARIO as MSG } from './mensagens';

const BASE = '/api/v1/estoque/inventarios';

/** the inventory row of the path: its store is the command's */
const doInventario = {
  recurso: 'inventario',
  parametro: 'id',
  colunaLoja: 'loja_id',
  naoEncontrado: MSG.naoEncontrado,
  foraDoEscopo: MSG.foraDoEscopo,
} as const;

export const comandoInventario = defineCommand({
  nome: 'estoque.inventario',
  caminho: BASE,
  resumo: 'Abre um inventário de um local de estoque (geral, parcial ou rotativo)',
  entidade: MSG.entidade,
  entrada: entradaInventario,
  saida: inventario,
  acesso: { permissao: perm('INVENTARIO', 'INCLUIR') },
  loja: { campo: 'lojaId' },
  criaRecurso: (i) => i.id,
});

export const comandoIniciarContagemInventario = defineCommand({
  nome: 'estoque.inventario-iniciar',
  caminho: `${BASE}/{id}/iniciar`,
  resumo: 'Inicia a contagem: guarda o saldo esperado de cada item na data de referência',
  entidade: MSG.entidade,
  entrada: entradaDoInventario,
  saida: inventario,
  acesso: { permissao: perm('INVENTARIO', 'EDITAR') },
  loja: doInventario,
});

export const comandoContagemInventario = defineCommand({
  nome: 'estoque.inventario-item',
  caminho: `${BASE}/{id}/itens`,
  resumo: 'Registra a contagem de um item (por produtoId ou código; soma à contagem, ou a substitui)',
  entidade: MSG.entidade,
  entrada: entradaItemInventario,
  saida: contagemRegistrada,
  // collectors and POS terminals of the store count too (device credential)
  acesso: { permissao: perm('INVENTARIO', 'EDITAR'), dispositivo: true },
  loja: doInventario,
  criaRecurso: (c) => c.produtoId,
  raizXml: 'ItemInventario',
});

export const comandoImportarContagemInventario = defineCommand({
  nome: 'estoque.inventario-importar',
  caminho: `${BASE}/{id}/importacoes`,
  resumo:
    'Importa um arquivo de coletor para a contagem em curso (prévia com os problemas por linha; com problemas, nada é gravado)',
  entidade: MSG.entidade,
  entrada: entradaImportacaoInventario,
  saida: importacaoInventario,
  acesso: { permissao: perm('INVENTARIO', 'EDITAR') },
  loja: doInventario,
});

export const comandoEncerrarContagemInventario = defineCommand({
  nome: 'estoque.inventario-encerrar-contagem',
  caminho: `${BASE}/{id}/encerrar-contagem`,
  resumo: 'Encerra a contagem em curso: o inventário vai para a conferência',
  entidade: MSG.entidade,
  entrada: entradaDoInventario,
  saida: inventario,
  acesso: { permissao: perm('INVENTARIO', 'EDITAR') },
  loja: doInventario,
});

export const comandoRecontagemInventario = defineCommand({
  nome: 'estoque.inventario-recontar',
  caminho: `${BASE}/{id}/recontar`,
  resumo: 'Abre a 2ª ou 3ª contagem para os itens divergentes (ou os informados)',
  entidade: MSG.entidade,
  entrada: entradaRecontagem,
  saida: inventario,
  acesso: { permissao: perm('INVENTARIO', 'EDITAR') },
  loja: doInventario,
});

export const comandoFinalizarInventario = defineCommand({
  nome: 'estoque.inventario-finalizar',
  caminho: `${BASE}/{id}/finalizar`,
  resumo:
    'Finaliza o inventário: um movimento INVENTARIO por item com diferença (contado − saldo na data de referência), ao custo médio; irreversível',
  entidade: MSG.entidade,
  entrada: entradaFinalizacaoInventario,
  saida: finalizacaoInventario,
  acesso: { permissao: perm('INVENTARIO', 'EDITAR') },
  loja: doInventario,
});

export const comandoCancelarInventario = defineCommand({
  nome: 'estoque.inventario-cancelar',
  caminho: `${BASE}/{id}/cancelar`,
  resumo: 'Cancela um inventário não finalizado (nada é lançado)',
  entidade: MSG.entidade,
  entrada: entradaDoInventario,
  saida: inventario,
  acesso: { permissao: perm('INVENTARIO', 'EXCLUIR') },
  loja: doInventario,
});

export const COMANDOS_INVENTARIO = [
  comandoInventario,
  comandoIniciarContagemInventario,
  comandoContagemInventario,
  comandoImportarContagemInventario,
  comandoEncerrarContagemInventario,
  comandoRecontagemInventario,
  comandoFinalizarInventario,
  comandoCancelarInventario,
] as const;
