/** The public faces of the statement import: import (preview unless confirmed) and delete. */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { entradaExclusaoExtrato, entradaImportacaoExtrato, extratoResumo, importacaoExtrato } from './contrato';
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
