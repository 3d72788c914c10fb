/**
 * The public faces of the stock transfer commands (issue #24.1): send (201 + Location), receive (store: the
 * transfer's destination) and cancel before receipt (store: its origin). Steps in apps/server modules/estoque.
 */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { avisosDoDocumento } from '../avisos';
import {
  entradaCancelamentoTransferencia,
  entradaRecebimentoTransferencia,
  entradaTransferenciaEstoque,
  recebimentoTransferencia,
  transferenciaEstoqueDetalhe,
} from './contrato';
import { MSG_TRANSFERENCIA as MSG } from './mensagens';

const BASE = '/api/v1/estoque/transferencias';

export const comandoTransferencia = defineCommand({
  nome: 'estoque.transferencia',
  caminho: BASE,
  resumo:
    'Envia uma transferência de estoque (saída na origem, mercadoria em trânsito até o recebimento; entre locais da mesma loja, já recebida)',
  entidade: MSG.entidade,
  entrada: entradaTransferenciaEstoque,
  // the balances it leaves below zero where the store allows it (#27.5): the preview warns with them
  saida: transferenciaEstoqueDetalhe.extend({ avisos: avisosDoDocumento }),
  acesso: { permissao: perm('TRANSFERENCIA_ESTOQUE', 'INCLUIR') },
  loja: { campo: 'lojaOrigemId' },
  criaRecurso: (t) => t.id,
});

/** the transfer row, visible to both ends; the command acts on one of them */
const transferencia = (colunaLoja: string, visivelPor: string, foraDoEscopo: string) =>
  ({
    recurso: 'transferencia_estoque',
    parametro: 'id',
    colunaLoja,
    visivelPor,
    naoEncontrado: MSG.naoEncontrada,
    foraDoEscopo,
  }) as const;

export const comandoReceberTransferencia = defineCommand({
  nome: 'estoque.transferencia-receber',
  caminho: `${BASE}/{id}/receber`,
  resumo: 'Recebe uma transferência de estoque (a diferença do que não chegou é baixada como perda na origem)',
  entidade: MSG.entidade,
  entrada: entradaRecebimentoTransferencia,
  saida: recebimentoTransferencia,
  acesso: { permissao: perm('TRANSFERENCIA_ESTOQUE', 'EDITAR') },
  loja: transferencia('loja_destino_id', 'loja_origem_id', MSG.foraDoEscopoDestino),
});

export const comandoCancelarTransferencia = defineCommand({
  nome: 'estoque.transferencia-cancelar',
  caminho: `${BASE}/{id}/cancelar`,
  resumo: 'Cancela uma transferência em trânsito (a mercadoria volta ao local de origem)',
  entidade: MSG.entidade,
  entrada: entradaCancelamentoTransferencia,
  saida: transferenciaEstoqueDetalhe,
  acesso: { permissao: perm('TRANSFERENCIA_ESTOQUE', 'EXCLUIR') },
  loja: transferencia('loja_origem_id', 'loja_destino_id', MSG.foraDoEscopoOrigem),
});
