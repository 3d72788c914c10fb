/**
 * The public faces of the purchase-invoice commands: the typed entry and the NF-e XML entry (201 +
 * Location; a chave already entered → 409 naming the invoice), and the confirmation (ENTRADA_NF), its store
 * taken from the invoice. Steps in apps/server modules/compras.
 */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import {
  entradaConfirmarNotaCompra,
  entradaNotaFiscalCompra,
  entradaNotaFiscalCompraXml,
  notaFiscalCompra,
} from './contrato';
import { MSG_NOTA_COMPRA as MSG } from './mensagens';

export const CAMINHO_NOTAS_COMPRA = '/api/v1/compra/notas-fiscais';

export const comandoNotaFiscalCompra = defineCommand({
  nome: 'compra.nota-fiscal',
  caminho: CAMINHO_NOTAS_COMPRA,
  resumo: 'Lança uma nota fiscal de compra digitada (sem entrada no estoque até a confirmação)',
  entidade: MSG.entidade,
  entrada: entradaNotaFiscalCompra,
  saida: notaFiscalCompra,
  acesso: { permissao: perm('NOTA_FISCAL_COMPRA', 'INCLUIR') },
  loja: { campo: 'lojaId' },
  criaRecurso: (n) => n.id,
  raizXml: 'NotaFiscalCompra',
});

export const comandoNotaFiscalCompraXml = defineCommand({
  nome: 'compra.nota-fiscal-xml',
  caminho: `${CAMINHO_NOTAS_COMPRA}/xml`,
  resumo:
    'Lança uma nota fiscal de compra pelo XML da NF-e do fornecedor (multipart `arquivo` ou o corpo; ?lojaId=; ?previa=true mostra o que seria lançado)',
  entidade: MSG.entidade,
  entrada: entradaNotaFiscalCompraXml,
  saida: notaFiscalCompra,
  acesso: { permissao: perm('NOTA_FISCAL_COMPRA', 'INCLUIR') },
  loja: { campo: 'lojaId' },
  criaRecurso: (n) => n.id,
  localDoRecurso: CAMINHO_NOTAS_COMPRA,
});

export const comandoConfirmarNotaCompra = defineCommand({
  nome: 'compra.nota-fiscal-confirmar',
  caminho: `${CAMINHO_NOTAS_COMPRA}/{id}/confirmar`,
  resumo: 'Confirma a nota fiscal de compra: entrada no estoque (ENTRADA_NF) ao custo da nota',
  entidade: MSG.entidade,
  entrada: entradaConfirmarNotaCompra,
  saida: notaFiscalCompra,
  acesso: { permissao: perm('NOTA_FISCAL_COMPRA', 'EDITAR') },
  loja: {
    recurso: 'nota_fiscal_compra',
    parametro: 'id',
    colunaLoja: 'loja_id',
    naoEncontrado: MSG.naoEncontrada,
    foraDoEscopo: MSG.foraDoEscopo,
  },
});

export const COMANDOS_NOTA_COMPRA = [comandoNotaFiscalCompra, comandoNotaFiscalCompraXml, comandoConfirmarNotaCompra];
