/**
 * Check digits of bank branches (agências) and accounts, by the banks' public algorithms
 * (domain.md §2.2 and §11). A bank without a known algorithm is not checked: only the
 * formats are (digits, and a one-character digit that may be `X`).
 */
import { type FalhaDeCampo, falhaDeCampo } from '../contrato';

export interface DadosBancarios {
  /** COMPE code, 3 digits. */
  banco: string;
  agencia: string;
  agenciaDigito?: string | null;
  conta: string;
  contaDigito?: string | null;
}

const soDigitos = (s: string) => /^\d+$/.test(s);

/** Weighted sum, mod 11, `11 − resto`; 10 and 11 become the bank's substitutes. */
function mod11(num: string, pesos: readonly number[], dez: string, onze = '0'): string {
  const soma = [...num].reduce((acc, d, i) => acc + Number(d) * pesos[i]!, 0);
  const dv = 11 - (soma % 11);
  return dv === 10 ? dez : dv === 11 ? onze : String(dv);
}

/** Luhn-like mod 10 (Itaú, Santander): products above 9 add their digits (or keep the unit). */
function mod10(num: string, pesos: readonly number[], soUnidade = false): string {
  const soma = [...num].reduce((acc, d, i) => {
    const p = Number(d) * pesos[i]!;
    return acc + (soUnidade ? p % 10 : p > 9 ? Math.floor(p / 10) + (p % 10) : p);
  }, 0);
  return String((10 - (soma % 10)) % 10);
}

const desc = (n: number, de: number) => Array.from({ length: n }, (_, i) => de - i);

type Regra = (d: DadosBancarios) => FalhaDeCampo[];

const REGRAS: Record<string, Regra> = {
  // Banco do Brasil: agency mod 11 weights 5..2; account (≤8) mod 11 weights 9..2; 10 → X
  '001': ({ agencia, agenciaDigito, conta, contaDigito }) => {
    const erros: FalhaDeCampo[] = [];
    if (agencia.length !== 4) erros.push(falhaDeCampo('agencia', 'a agência do Banco do Brasil tem 4 dígitos.'));
    else if (mod11(agencia, [5, 4, 3, 2], 'X') !== (agenciaDigito ?? ''))
      erros.push(falhaDeCampo('agenciaDigito', 'dígito da agência não confere (Banco do Brasil, módulo 11).'));
    if (conta.length > 8) erros.push(falhaDeCampo('numeroConta', 'a conta do Banco do Brasil tem até 8 dígitos.'));
    else if (mod11(conta.padStart(8, '0'), desc(8, 9), 'X') !== (contaDigito ?? ''))
      erros.push(falhaDeCampo('numeroContaDigito', 'dígito da conta não confere (Banco do Brasil, módulo 11).'));
    return erros;
  },
  // Itaú: branch without digit; account of 5 digits, mod 10 over branch + account, weights 2,1,2,1…
  '341': ({ agencia, conta, contaDigito }) => {
    if (agencia.length !== 4 || conta.length > 5)
      return [falhaDeCampo('numeroConta', 'no Itaú a agência tem 4 dígitos e a conta até 5.')];
    return mod10(agencia + conta.padStart(5, '0'), [2, 1, 2, 1, 2, 1, 2, 1, 2]) === contaDigito
      ? []
      : [falhaDeCampo('numeroContaDigito', 'dígito da conta não confere (Itaú, módulo 10).')];
  },
  // Bradesco: agency mod 11 weights 5..2; account (7) weights 2,7,6,5,4,3,2; 10 → P
  '237': ({ agencia, agenciaDigito, conta, contaDigito }) => {
    const erros: FalhaDeCampo[] = [];
    if (agencia.length !== 4) erros.push(falhaDeCampo('agencia', 'a agência do Bradesco tem 4 dígitos.'));
    else if (agenciaDigito && mod11(agencia, [5, 4, 3, 2], 'P') !== agenciaDigito)
      erros.push(falhaDeCampo('agenciaDigito', 'dígito da agência não confere (Bradesco, módulo 11).'));
    if (conta.length > 7) erros.push(falhaDeCampo('numeroConta', 'a conta do Bradesco tem até 7 dígitos.'));
    else if (mod11(conta.padStart(7, '0'), [2, 7, 6, 5, 4, 3, 2], 'P') !== contaDigito)
      erros.push(falhaDeCampo('numeroContaDigito', 'dígito da conta não confere (Bradesco, módulo 11).'));
    return erros;
  },
  // Santander: agency + "00" + account (8), weights 9,7,3,1,0,0,9,7,1,3,1,9,7,3; unit digit of each product
  '033': ({ agencia, conta, contaDigito }) => {
    if (agencia.length !== 4 || conta.length > 8)
      return [falhaDeCampo('numeroConta', 'no Santander a agência tem 4 dígitos e a conta até 8.')];
    const pesos = [9, 7, 3, 1, 0, 0, 9, 7, 1, 3, 1, 9, 7, 3];
    return mod10(`${agencia}00${conta.padStart(8, '0')}`, pesos, true) === contaDigito
      ? []
      : [falhaDeCampo('numeroContaDigito', 'dígito da conta não confere (Santander, módulo 10).')];
  },
  // Caixa (SIDEC format): operation (3) + account (8); mod 11 over agency + both, (soma × 10) mod 11.
  // The newer 12-digit NSGD accounts use another scheme that is not public: not checked.
  '104': ({ agencia, conta, contaDigito }) => {
    if (agencia.length !== 4 || conta.length !== 11) return [];
    const pesos = [8, 7, 6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const soma = [...(agencia + conta)].reduce((acc, d, i) => acc + Number(d) * pesos[i]!, 0);
    const dv = ((soma * 10) % 11) % 10;
    return String(dv) === contaDigito
      ? []
      : [falhaDeCampo('numeroContaDigito', 'dígito da conta não confere (Caixa, módulo 11).')];
  },
};

/** Banks whose digits are checked (the screen says so next to the field). */
export const BANCOS_COM_DIGITO_VERIFICADO = Object.keys(REGRAS);

/** The field errors why the branch/account do not pass; empty when they do. */
export function errosDadosBancarios(d: DadosBancarios): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [];
  if (!soDigitos(d.agencia) || d.agencia.length > 5)
    erros.push(falhaDeCampo('agencia', 'informe até 5 dígitos, sem o dígito verificador.'));
  if (!soDigitos(d.conta) || d.conta.length > 12)
    erros.push(falhaDeCampo('numeroConta', 'informe até 12 dígitos, sem o dígito verificador.'));
  for (const [campo, v] of [
    ['agenciaDigito', d.agenciaDigito],
    ['numeroContaDigito', d.contaDigito],
  ] as const) {
    if (v && !/^[0-9XP]$/.test(v)) erros.push(falhaDeCampo(campo, 'o dígito verificador é um número ou X.'));
  }
  if (erros.length) return erros;
  return REGRAS[d.banco]?.(d) ?? [];
}

/** The check digit a bank's algorithm gives for an account (demo data, the form's hint). */
export function digitoContaEsperado(banco: string, agencia: string, conta: string): string | undefined {
  for (const dv of [...'0123456789XP']) {
    if (
      REGRAS[banco] &&
      errosDadosBancarios({
        banco,
        agencia,
        conta,
        contaDigito: dv,
        agenciaDigito: digitoAgenciaEsperado(banco, agencia),
      }).length === 0
    )
      return dv;
  }
  return undefined;
}

export function digitoAgenciaEsperado(banco: string, agencia: string): string | undefined {
  if ((banco === '001' || banco === '237') && agencia.length === 4 && soDigitos(agencia))
    return mod11(agencia, [5, 4, 3, 2], banco === '001' ? 'X' : 'P');
  return undefined;
}
