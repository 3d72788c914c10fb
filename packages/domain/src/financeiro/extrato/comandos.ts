/** The public faces of the statement import: import (preview unless confirmed) and delete. */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import {
  entradaExclusaoExtrato,
  entradaImportacaoExtrato,
  entradaImportacaoExtratoTarefa,
  extratoResumo,
  importacaoExtrato,
  importacaoExtratoTarefa,
} from './contrato';
import { MSG_EXTRATO_BANCARIO as MSG } from './mensagens';

export const CAMINHO_EXTRATOS = '/api/v1/financeiro/extratos';

export const comandoImportarExtrato = defineCommand({
  nome: 'financeiro.extrato-importar',
  caminho: CAMINHO_EXTRATOS,
  resumo:
    'Importa um extrato OFX (multipart `arquivo` ou o corpo; sem ?confirmar=true responde a prévia; ?contaCorrenteId= força a conta)',
  entidade: MSG.entidade,
  entrada: entradaImportacaoExtrato,
  saida: importacaoExtrato,
  acesso: { permissao: [perm('MANUTENCAO_OFX', 'INCLUIR'), perm('CONCILIACAO_DE_CC', 'INCLUIR')] },
});

/**
 * The import of a large file as a job (202 + the job): POST …/extratos?confirmar=true answers so by itself past
 * LIMITE_SINCRONO_EXTRATO_BYTES (`?tarefa=true|false` decides instead); …/extratos/tarefa always does. The job's
 * result is the import's answer.
 */
export const comandoImportarExtratoEmTarefa = defineCommand({
  nome: 'financeiro.extrato-importar-tarefa',
  caminho: `${CAMINHO_EXTRATOS}/tarefa`,
  resumo: 'Importa um extrato OFX grande em segundo plano (202 + a tarefa, cujo resultado é a resposta da importação)',
  entidade: MSG.entidade,
  entrada: entradaImportacaoExtratoTarefa,
  saida: importacaoExtratoTarefa,
  acesso: { permissao: [perm('MANUTENCAO_OFX', 'INCLUIR'), perm('CONCILIACAO_DE_CC', 'INCLUIR')] },
  responde: 'tarefa',
});

export const comandoExcluirExtrato = defineCommand({
  nome: 'financeiro.extrato-excluir',
  metodo: 'DELETE',
  caminho: `${CAMINHO_EXTRATOS}/{id}`,
  resumo: 'Exclui uma importação de extrato (somente enquanto nenhuma linha está conciliada)',
  entidade: MSG.entidade,
  entrada: entradaExclusaoExtrato,
  saida: extratoResumo.pick({ id: true }),
  acesso: { permissao: perm('MANUTENCAO_OFX', 'EXCLUIR') },
  loja: {
    recurso: 'extrato_bancario',
    parametro: 'id',
    colunaLoja: 'loja_id',
    naoEncontrado: MSG.naoEncontrado,
    foraDoEscopo: MSG.foraDoEscopo,
  },
});
