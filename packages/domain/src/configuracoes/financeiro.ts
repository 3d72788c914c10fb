/** Financial parameters (domain §2.4): the date window of the reconciliation's auto-match. */
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
] as const;
