/** The public faces of the conferência: open (on an invoice), count (single and the SDK's batch), close. */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { CAMINHO_NOTAS_COMPRA } from '../nota-fiscal/comandos';
import { MSG_CONFERENCIA as MSG } from '../nota-fiscal/mensagens';
import {
  conferenciaCompra,
  contagemConferencia,
  entradaAbrirConferencia,
  entradaContarProduto,
  entradaFecharConferencia,
} from './contrato';

export const CAMINHO_CONFERENCIAS = '/api/v1/compra/conferencias';

const daConferencia = {
  recurso: 'conferencia_compra',
  parametro: 'id',
  colunaLoja: 'loja_id',
  naoEncontrado: MSG.naoEncontrada,
  foraDoEscopo: MSG.foraDoEscopo,
} as const;

export const comandoAbrirConferencia = defineCommand({
  nome: 'compra.conferencia',
  caminho: `${CAMINHO_NOTAS_COMPRA}/{id}/conferencia`,
  resumo: 'Abre a conferência de uma nota fiscal de compra digitada (a entrada espera a contagem)',
  entidade: MSG.entidade,
  entrada: entradaAbrirConferencia,
  saida: conferenciaCompra,
  acesso: { permissao: perm('CONFERENCIA_COMPRA', 'INCLUIR') },
  loja: { ...daConferencia, recurso: 'nota_fiscal_compra' },
  criaRecurso: (c) => c.id,
  localDoRecurso: CAMINHO_CONFERENCIAS,
});

export const comandoContarProduto = defineCommand({
  nome: 'compra.conferencia-produto',
  caminho: `${CAMINHO_CONFERENCIAS}/{id}/produtos`,
  resumo: 'Conta um produto na conferência (a quantidade soma à já contada)',
  entidade: MSG.entidade,
  entrada: entradaContarProduto,
  saida: contagemConferencia,
  acesso: { permissao: perm('CONFERENCIA_COMPRA', 'EDITAR') },
  loja: daConferencia,
  raizXml: 'ProdutoConferencia',
});

export const comandoFecharConferencia = defineCommand({
  nome: 'compra.conferencia-fechar',
  caminho: `${CAMINHO_CONFERENCIAS}/{id}/fechar`,
  resumo: 'Fecha a conferência: divergências registradas e entrada no estoque do que foi contado',
  entidade: MSG.entidade,
  entrada: entradaFecharConferencia,
  saida: conferenciaCompra,
  acesso: { permissao: perm('CONFERENCIA_COMPRA', 'EDITAR') },
  loja: daConferencia,
});

export const COMANDOS_CONFERENCIA = [comandoAbrirConferencia, comandoContarProduto, comandoFecharConferencia];
