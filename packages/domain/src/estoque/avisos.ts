/**
 * Warnings a stock document's answer carries (issue #27.5): a balance its posting leaves below zero in a
 * store that allows it. The preview (`?previa=true`) answers them before anything is kept, so the forms
 * ask before saving.
 */
import { z } from 'zod';
import { Decimal } from '../decimal';

export const avisosDoDocumento = z.array(z.string()).optional();

/** "-2.0000" → "-2", "-2.5000" → "-2,5", "-5000" → "-5.000" */
function quantidade(v: string): string {
  const t = Decimal.de(v).texto();
  const [inteira = '', fracao = ''] = (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t).split('.');
  const milhares = inteira.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fracao ? `${milhares},${fracao}` : milhares;
}

/** "O saldo do local Depósito ficará negativo: -2 UN (Shampoo 300 ml)." */
export const avisoSaldoNegativo = (a: { local: string; quantidade: string; unidade: string | null; produto: string }) =>
  `O saldo do local ${a.local} ficará negativo: ${quantidade(a.quantidade)}${a.unidade ? ` ${a.unidade}` : ''} (${a.produto}).`;
