/**
 * Official tables known to be old or incomplete (shared/data/fiscal/SOURCES.md): the screens that
 * rely on them say so, and an administrator may add a missing code.
 */
export type TabelaIncompleta = 'cfop' | 'cest';

export const AVISO_TABELA: Record<TabelaIncompleta, string> = {
  cfop: 'A tabela de CFOP é uma transcrição de cerca de 2010 e não tem códigos criados depois disso (ex.: 1.131, 1.651, 1.929). Se faltar um código, um administrador pode incluí-lo.',
  cest: 'A tabela CEST é de novembro de 2020 (Convênio ICMS 142/2018, antes da NCM 2022): itens novos ou renumerados podem faltar. Se faltar um código, um administrador pode incluí-lo.',
};

/** What an administrator sends to add a missing code; checked the same way on both sides. */
export const FORMATO_CODIGO: Record<TabelaIncompleta, { regex: RegExp; mensagem: string }> = {
  cfop: {
    regex: /^[123567]\d{3}$/,
    mensagem: 'CFOP inválido: 4 dígitos, começando por 1, 2, 3 (entrada), 5, 6 ou 7 (saída).',
  },
  cest: { regex: /^\d{7}$/, mensagem: 'CEST inválido: informe 7 dígitos.' },
};
