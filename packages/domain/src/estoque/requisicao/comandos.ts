/**
 * The public faces of the stock requisition commands: open (201 + Location; the requesting store),
 * approve and transfer (the origin store: it gives the goods), receive and cancel (the requesting store).
 * Permissions: REQUISICAO_ESTOQUE INCLUIR opens, EDITAR approves, transfers and receives, EXCLUIR cancels.
 * Steps in apps/server modules/estoque/requisicao*.passos.ts.
 */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import {
  entradaCancelamentoRequisicao,
  entradaDaRequisicao,
  entradaRecebimentoRequisicao,
  entradaRequisicaoEstoque,
  entradaTransferenciaRequisicao,
  requisicaoAlterada,
} from './contrato';
import { MSG_REQUISICAO as MSG } from './mensagens';

const BASE = '/api/v1/estoque/requisicoes';

/** the requisition row of the path, visible to both ends; the command acts on one of them */
const requisicao = (colunaLoja: string, visivelPor: string, foraDoEscopo: string) =>
  ({
    recurso: 'requisicao_estoque',
    parametro: 'id',
    colunaLoja,
    visivelPor,
    naoEncontrado: MSG.naoEncontrada,
    foraDoEscopo,
  }) as const;
const naOrigem = requisicao('loja_origem_id', 'loja_destino_id', MSG.foraDoEscopoOrigem);
const noDestino = requisicao('loja_destino_id', 'loja_origem_id', MSG.foraDoEscopoDestino);

export const comandoRequisicao = defineCommand({
  nome: 'estoque.requisicao',
  caminho: BASE,
  resumo: 'Abre uma requisição de mercadoria de outro local (da loja ou de outra loja da empresa)',
  entidade: MSG.entidade,
  entrada: entradaRequisicaoEstoque,
  saida: requisicaoAlterada,
  acesso: { permissao: perm('REQUISICAO_ESTOQUE', 'INCLUIR') },
  loja: { campo: 'lojaDestinoId' },
  criaRecurso: (r) => r.id,
});

export const comandoAprovarRequisicao = defineCommand({
  nome: 'estoque.requisicao-aprovar',
  caminho: `${BASE}/{id}/aprovar`,
  resumo: 'Aprova uma requisição cujo motivo exige aprovação (loja de origem)',
  entidade: MSG.entidade,
  entrada: entradaDaRequisicao,
  saida: requisicaoAlterada,
  acesso: { permissao: perm('REQUISICAO_ESTOQUE', 'EDITAR') },
  loja: naOrigem,
});

export const comandoTransferirRequisicao = defineCommand({
  nome: 'estoque.requisicao-transferir',
  caminho: `${BASE}/{id}/transferir`,
  resumo:
    'Transfere a mercadoria requisitada: saída no local de origem pelo custo médio, em trânsito até o recebimento',
  entidade: MSG.entidade,
  entrada: entradaTransferenciaRequisicao,
  saida: requisicaoAlterada,
  acesso: { permissao: perm('REQUISICAO_ESTOQUE', 'EDITAR') },
  loja: naOrigem,
});

export const comandoReceberRequisicao = defineCommand({
  nome: 'estoque.requisicao-receber',
  caminho: `${BASE}/{id}/receber`,
  resumo: 'Recebe uma requisição transferida (pelo mesmo custo; o que não chegou é baixado como perda na origem)',
  entidade: MSG.entidade,
  entrada: entradaRecebimentoRequisicao,
  saida: requisicaoAlterada,
  acesso: { permissao: perm('REQUISICAO_ESTOQUE', 'EDITAR') },
  loja: noDestino,
});

export const comandoCancelarRequisicao = defineCommand({
  nome: 'estoque.requisicao-cancelar',
  caminho: `${BASE}/{id}/cancelar`,
  resumo: 'Cancela uma requisição que ainda não foi transferida (nada é lançado)',
  entidade: MSG.entidade,
  entrada: entradaCancelamentoRequisicao,
  saida: requisicaoAlterada,
  acesso: { permissao: perm('REQUISICAO_ESTOQUE', 'EXCLUIR') },
  loja: noDestino,
});

export const COMANDOS_REQUISICAO = [
  comandoRequisicao,
  comandoAprovarRequisicao,
  comandoTransferirRequisicao,
  comandoReceberRequisicao,
  comandoCancelarRequisicao,
] as const;
