/**
 * Official tables known to be old or incomplete (shared/data/fiscal/SOURCES.md): the screens that
 * rely on them say so, and an administrator may add a missing code.
 */
export type TabelaIncompleta = 'cfop' | 'cest' | 'cstat';

export const AVISO_TABELA: Record<TabelaIncompleta, string> = {
  cfop: 'Tabela de CFOP de cerca de 2010: códigos criados depois (ex.: 1.131, 1.651) podem faltar.',
  cest: 'Tabela CEST de 2020 (Convênio ICMS 142/2018, antes da NCM 2022): itens novos podem faltar.',
  cstat: 'Tabela de cStat da NF-e/NFC-e de dezembro de 2019: códigos de Notas Técnicas posteriores podem faltar.',
};

/** What an administrator sends to add a missing code; checked the same way on both sides. */
export const FORMATO_CODIGO: Record<TabelaIncompleta, { regex: RegExp; mensagem: string }> = {
  cfop: {
    regex: /^[123567]\d{3}$/,
    mensagem: 'CFOP inválido: 4 dígitos, começando por 1, 2, 3 (entrada), 5, 6 ou 7 (saída).',
  },
  cest: { regex: /^\d{7}$/, mensagem: 'CEST inválido: informe 7 dígitos.' },
  cstat: { regex: /^[1-9]\d{2}$/, mensagem: 'cStat inválido: informe 3 dígitos (100 a 999).' },
};

/**
 * SPED EFD-Contribuições natureza da receita tables and the exit CSTs each one serves (domain §3.2;
 * SOURCES.md names 4.3.11/4.3.12 differently — the Guia Prático numbering of domain.md is followed).
 */
export const TABELAS_NATUREZA_RECEITA = [
  { tabela: '4.3.10', titulo: 'Incidência monofásica – alíquotas diferenciadas', csts: ['02', '04'] },
  { tabela: '4.3.11', titulo: 'Incidência monofásica – alíquota por unidade de medida', csts: ['03', '04'] },
  { tabela: '4.3.12', titulo: 'Substituição tributária', csts: ['05'] },
  { tabela: '4.3.13', titulo: 'Alíquota zero', csts: ['06'] },
  { tabela: '4.3.14', titulo: 'Isenção', csts: ['07'] },
  { tabela: '4.3.15', titulo: 'Sem incidência', csts: ['08'] },
  { tabela: '4.3.16', titulo: 'Suspensão', csts: ['09'] },
] as const;

export type TabelaNaturezaReceita = (typeof TABELAS_NATUREZA_RECEITA)[number]['tabela'];

export const AVISO_NATUREZA_RECEITA =
  'As tabelas 4.3.10–4.3.16 da natureza da receita (SPED) não foram carregadas: o código não é conferido.';
