/**
 * Financial parameters (domain §2.3–§2.4): the date window of the reconciliation's auto-match, and the largest
 * bank statement an import takes (the uploads' own ceiling is 50 MB).
 */
import { perm } from '../permissions';
import { defineSetting } from './definir';

export const PARAMETROS_FINANCEIRO = [
  defineSetting({
    chave: 'financeiro.conciliacaoJanelaDias',
    area: 'financeiro',
    escopo: 'assinante',
    tipo: 'inteiro',
    padrao: 3,
    limites: { min: 0, max: 31 },
    permissao: { ler: [perm('CONCILIACAO_DE_CC')], alterar: perm('CONCILIACAO_DE_CC', 'EDITAR') },
    rotulo: 'Janela de datas da conciliação automática (dias)',
    ajuda:
      'A conciliação sugere pares de extrato e lançamento com o mesmo valor e datas até este número de dias de distância.',
  }),
  defineSetting({
    chave: 'financeiro.extratoLimiteMb',
    area: 'financeiro',
    escopo: 'assinante',
    tipo: 'inteiro',
    padrao: 20,
    limites: { min: 1, max: 50 },
    permissao: { ler: [perm('MANUTENCAO_OFX'), perm('CONCILIACAO_DE_CC')], alterar: perm('MANUTENCAO_OFX', 'EDITAR') },
    rotulo: 'Tamanho máximo do extrato bancário importado (MB)',
    ajuda: 'Arquivos OFX maiores que este tamanho são recusados na importação (o limite geral de envio é 50 MB).',
  }),
] as const;

/** The uploads' ceiling: the statement limit setting never goes above it. */
export const LIMITE_MAXIMO_EXTRATO_MB = 50;
