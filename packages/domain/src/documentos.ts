/**
 * CPF and CNPJ check digits (Receita Federal mod-11). The CNPJ is alphanumeric-ready
 * (IN RFB 2.229/2024, from July 2026): 12 characters [0-9A-Z] + 2 numeric check digits,
 * each character valued as its ASCII code − 48.
 */
export function somenteDigitos(valor: string): string {
  return valor.replace(/\D/g, '');
}

/** Strips the mask (dots, slash, dash) and upper-cases; never casts to a number. */
export function normalizarCnpj(valor: string): string {
  return valor.replace(/[.\-/\s]/g, '').toUpperCase();
}

function digitoMod11(valores: number[], pesos: number[]): number {
  const soma = valores.reduce((acc, v, i) => acc + v * (pesos[i] ?? 0), 0);
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export function cpfValido(valor: string): boolean {
  const cpf = somenteDigitos(valor);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const d = [...cpf].map(Number);
  const dv1 = digitoMod11(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const dv2 = digitoMod11(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return dv1 === d[9] && dv2 === d[10];
}

const PESOS_CNPJ_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const PESOS_CNPJ_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function cnpjValido(valor: string): boolean {
  const cnpj = normalizarCnpj(valor);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  const v = [...cnpj].map((c) => c.charCodeAt(0) - 48);
  const dv1 = digitoMod11(v.slice(0, 12), PESOS_CNPJ_1);
  const dv2 = digitoMod11([...v.slice(0, 12), dv1], PESOS_CNPJ_2);
  return dv1 === v[12] && dv2 === v[13];
}

export function formatarCnpj(valor: string): string {
  const c = normalizarCnpj(valor);
  return c.length === 14
    ? `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`
    : valor;
}

export function formatarCpf(valor: string): string {
  const c = somenteDigitos(valor);
  return c.length === 11 ? `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}` : valor;
}
