/** Rules of the Financeiro registers that span fields (domain.md §2), as pure functions for hooks and forms. */

/** Uses whose SEFAZ event needs `xJust` of at least 15 characters (NF-e/NFC-e cancellation). */
export const APLICACOES_DOCUMENTO_FISCAL = ['CUPOM_NFCE', 'NFE'] as const;
export const MIN_JUSTIFICATIVA_SEFAZ = 15;

export function errosMotivoCancelamento(m: { descricao?: unknown; aplicacao?: unknown }): string[] {
  const aplicacao = Array.isArray(m.aplicacao) ? m.aplicacao : [];
  const fiscal = aplicacao.some((a) => (APLICACOES_DOCUMENTO_FISCAL as readonly string[]).includes(a as string));
  const descricao = typeof m.descricao === 'string' ? m.descricao.trim() : '';
  if (fiscal && [...descricao].length < MIN_JUSTIFICATIVA_SEFAZ) {
    return [
      `descricao: para cancelar NFC-e ou NF-e a justificativa precisa de ao menos ${MIN_JUSTIFICATIVA_SEFAZ} caracteres (exigência da SEFAZ).`,
    ];
  }
  return [];
}

/** Placeholders a histórico padrão may carry; each is filled in when the entry is posted. */
export const MARCADORES_HISTORICO = ['documento', 'pessoa', 'agente', 'data', 'valor', 'conta', 'parcela'] as const;

export function errosHistoricoPadrao(descricao: unknown): string[] {
  if (typeof descricao !== 'string') return [];
  const desconhecidos = [...descricao.matchAll(/\{([^}]*)\}/g)]
    .map((m) => m[1]!)
    .filter((x) => !(MARCADORES_HISTORICO as readonly string[]).includes(x));
  if (desconhecidos.length) {
    return [
      `descricao: marcador desconhecido {${desconhecidos[0]}}. Use ${MARCADORES_HISTORICO.map((x) => `{${x}}`).join(', ')}.`,
    ];
  }
  if ((descricao.match(/\{/g) ?? []).length !== (descricao.match(/\}/g) ?? []).length)
    return ['descricao: feche cada marcador com }.'];
  return [];
}

export interface ContaCorrenteCampos {
  tipoConta?: unknown;
  agenteFinanceiroId?: unknown;
  agencia?: unknown;
  numeroConta?: unknown;
  numeroContaDigito?: unknown;
  chavePix?: unknown;
  tipoChavePix?: unknown;
}

/** A cash account (CAIXA) has no bank; every other account needs the agent, branch and account. */
export function errosContaCorrente(c: ContaCorrenteCampos): string[] {
  const erros: string[] = [];
  if (c.tipoConta !== 'CAIXA') {
    if (c.agenteFinanceiroId == null) erros.push('agenteFinanceiroId: informe o banco da conta.');
    if (!c.agencia) erros.push('agencia: informe a agência.');
    if (!c.numeroConta) erros.push('numeroConta: informe o número da conta.');
    if (!c.numeroContaDigito) erros.push('numeroContaDigito: informe o dígito da conta.');
  }
  if (c.chavePix && !c.tipoChavePix) erros.push('tipoChavePix: informe o tipo da chave PIX.');
  if (c.tipoChavePix && !c.chavePix) erros.push('chavePix: informe a chave PIX.');
  if (c.chavePix && c.tipoChavePix) {
    const erro = erroChavePix(String(c.tipoChavePix), String(c.chavePix));
    if (erro) erros.push(`chavePix: ${erro}`);
  }
  return erros;
}

const PIX: Record<string, [RegExp, string]> = {
  CPF_CNPJ: [
    /^(\d{11}|[0-9A-Z]{12}\d{2})$/,
    'a chave deve ser um CPF (11 dígitos) ou CNPJ (14 caracteres), sem pontuação.',
  ],
  EMAIL: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'e-mail inválido.'],
  TELEFONE: [/^\+55\d{10,11}$/, 'use o formato +55DDNÚMERO.'],
  ALEATORIA: [
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'a chave aleatória é um UUID (8-4-4-4-12).',
  ],
};

export function erroChavePix(tipo: string, chave: string): string | undefined {
  const regra = PIX[tipo];
  return regra && !regra[0].test(chave) ? regra[1] : undefined;
}

/** NFC-e rule: tPag 99 (outros) goes with a description xPag; change is given only in cash. */
export function errosFormaPagamento(m: {
  tipoPagamento?: unknown;
  descricaoPagamento?: unknown;
  permiteTroco?: unknown;
}): string[] {
  const erros: string[] = [];
  if (m.tipoPagamento === '99' && !m.descricaoPagamento)
    erros.push('descricaoPagamento: descreva o meio de pagamento quando o tipo é 99 - Outros.');
  if (m.permiteTroco === true && m.tipoPagamento !== '01')
    erros.push('permiteTroco: só pagamento em dinheiro (tPag 01) dá troco.');
  return erros;
}
