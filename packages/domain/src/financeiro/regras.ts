/** Rules of the Financeiro registers that span fields (domain.md §2), as pure functions for hooks and forms. */
import { type FalhaDeCampo, falhaDeCampo } from '../contrato';
import { cnpjValido, cpfValido, normalizarCnpj } from '../documentos';

/** Uses whose SEFAZ event needs `xJust` of at least 15 characters (NF-e/NFC-e cancellation). */
export const APLICACOES_DOCUMENTO_FISCAL = ['CUPOM_NFCE', 'NFE'] as const;
export const MIN_JUSTIFICATIVA_SEFAZ = 15;

export function errosMotivoCancelamento(m: { descricao?: unknown; aplicacao?: unknown }): FalhaDeCampo[] {
  const aplicacao = Array.isArray(m.aplicacao) ? m.aplicacao : [];
  const fiscal = aplicacao.some((a) => (APLICACOES_DOCUMENTO_FISCAL as readonly string[]).includes(a as string));
  const descricao = typeof m.descricao === 'string' ? m.descricao.trim() : '';
  if (fiscal && [...descricao].length < MIN_JUSTIFICATIVA_SEFAZ) {
    return [
      falhaDeCampo(
        'descricao',
        `para cancelar NFC-e ou NF-e a justificativa precisa de ao menos ${MIN_JUSTIFICATIVA_SEFAZ} caracteres (exigência da SEFAZ).`,
      ),
    ];
  }
  return [];
}

/** Placeholders a histórico padrão may carry; each is filled in when the entry is posted. */
export const MARCADORES_HISTORICO = ['documento', 'pessoa', 'agente', 'data', 'valor', 'conta', 'parcela'] as const;

export function errosHistoricoPadrao(descricao: unknown): FalhaDeCampo[] {
  if (typeof descricao !== 'string') return [];
  const desconhecidos = [...descricao.matchAll(/\{([^}]*)\}/g)]
    .map((m) => m[1]!)
    .filter((x) => !(MARCADORES_HISTORICO as readonly string[]).includes(x));
  if (desconhecidos.length) {
    return [
      falhaDeCampo(
        'descricao',
        `marcador desconhecido {${desconhecidos[0]}}. Use ${MARCADORES_HISTORICO.map((x) => `{${x}}`).join(', ')}.`,
      ),
    ];
  }
  if ((descricao.match(/\{/g) ?? []).length !== (descricao.match(/\}/g) ?? []).length)
    return [falhaDeCampo('descricao', 'feche cada marcador com }.')];
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
export function errosContaCorrente(c: ContaCorrenteCampos): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [];
  if (c.tipoConta !== 'CAIXA') {
    if (c.agenteFinanceiroId == null) erros.push(falhaDeCampo('agenteFinanceiroId', 'informe o banco da conta.'));
    if (!c.agencia) erros.push(falhaDeCampo('agencia', 'informe a agência.'));
    if (!c.numeroConta) erros.push(falhaDeCampo('numeroConta', 'informe o número da conta.'));
    if (!c.numeroContaDigito) erros.push(falhaDeCampo('numeroContaDigito', 'informe o dígito da conta.'));
  }
  if (c.chavePix && !c.tipoChavePix) erros.push(falhaDeCampo('tipoChavePix', 'informe o tipo da chave PIX.'));
  if (c.tipoChavePix && !c.chavePix) erros.push(falhaDeCampo('chavePix', 'informe a chave PIX.'));
  if (c.chavePix && c.tipoChavePix) {
    const erro = erroChavePix(String(c.tipoChavePix), String(c.chavePix));
    if (erro) erros.push(falhaDeCampo('chavePix', erro));
  }
  return erros;
}

const PIX: Record<string, [RegExp, string]> = {
  EMAIL: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'e-mail inválido.'],
  TELEFONE: [/^\+55\d{10,11}$/, 'use o formato +55 DDD NÚMERO.'],
  ALEATORIA: [
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'a chave aleatória é um UUID (8-4-4-4-12).',
  ],
};

/**
 * The key as the PIX directory (DICT) holds it: a CPF/CNPJ without its mask, a phone as +55DDDNÚMERO
 * (typed "(41) 99999-8888" or "+55 41 99999-8888"), an e-mail trimmed. People paste keys as printed.
 */
export function normalizarChavePix(tipo: string, chave: string): string {
  const c = chave.trim();
  if (tipo === 'CPF_CNPJ') return normalizarCnpj(c);
  if (tipo === 'TELEFONE') {
    const d = c.replace(/\D/g, '');
    return d.length === 10 || d.length === 11 ? `+55${d}` : `+${d}`;
  }
  if (tipo === 'EMAIL') return c.toLowerCase();
  return c;
}

/** The key's error (pt-BR), or undefined; a CPF/CNPJ key must carry valid check digits. */
export function erroChavePix(tipo: string, chave: string): string | undefined {
  const c = normalizarChavePix(tipo, chave);
  if (tipo === 'CPF_CNPJ') {
    if (/^\d{11}$/.test(c)) return cpfValido(c) ? undefined : 'CPF inválido: dígito verificador não confere.';
    if (c.length === 14) return cnpjValido(c) ? undefined : 'CNPJ inválido: dígito verificador não confere.';
    return 'a chave deve ser um CPF (11 dígitos) ou um CNPJ (14 caracteres).';
  }
  const regra = PIX[tipo];
  return regra && !regra[0].test(c) ? regra[1] : undefined;
}

/** NFC-e rule: tPag 99 (outros) goes with a description xPag; change is given only in cash. */
export function errosFormaPagamento(m: {
  tipoPagamento?: unknown;
  descricaoPagamento?: unknown;
  permiteTroco?: unknown;
}): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [];
  if (m.tipoPagamento === '99' && !m.descricaoPagamento)
    erros.push(falhaDeCampo('descricaoPagamento', 'descreva o meio de pagamento quando o tipo é 99 - Outros.'));
  if (m.permiteTroco === true && m.tipoPagamento !== '01')
    erros.push(falhaDeCampo('permiteTroco', 'só pagamento em dinheiro (tPag 01) dá troco.'));
  return erros;
}
