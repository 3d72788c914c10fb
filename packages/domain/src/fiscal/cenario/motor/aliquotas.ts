/**
 * Official ICMS rates the engine needs when a rule does not carry them.
 *
 * Inter-state rate by UF pair (Resolução do Senado Federal 22/1989): 7 % from the South and Southeast
 * (PR, SC, RS, SP, RJ, MG — not ES) to the North, Northeast, Centre-West and ES; 12 % in every other
 * inter-state operation. Resolução do Senado Federal 13/2012: 4 % for imported goods and goods with
 * import content above 40 % (origem 1, 2, 3, 8; origem 6 and 7 — CAMEX list without a national
 * equivalent — keep 7/12 %).
 *
 * Internal (modal) rates by UF: the general rate of each state's ICMS law in force in 2026, without the
 * FCP surcharge (RJ 20 % + 2 % FCP is 20 here). Compiled from the SEFAZ regulations (RICMS of each UF; the
 * 2023–2025 increases: MA 23, PI 22.5, BA 20.5, PE 20.5, PR 19.5, RO 19.5, RN 20, SE 20, TO 20…). They are
 * only the fall-back of a rule without `aliquota`/`aliquotaSt`/`aliquotaInternaDestino`: a scenario states
 * its own rate, which always wins.
 */
import type { Uf } from '../../../assinante';

const SUL_SUDESTE_SEM_ES: readonly Uf[] = ['PR', 'SC', 'RS', 'SP', 'RJ', 'MG'];
/** origem da mercadoria taxed at 4 % inter-state (Res. SF 13/2012) */
const ORIGENS_4: readonly string[] = ['1', '2', '3', '8'];

/** Inter-state ICMS rate in percent ("4", "7", "12"); null for an operation inside one UF. */
export function aliquotaInterestadual(ufOrigem: Uf, ufDestino: Uf, origem: string): string | null {
  if (ufOrigem === ufDestino) return null;
  if (ORIGENS_4.includes(origem)) return '4';
  if (SUL_SUDESTE_SEM_ES.includes(ufOrigem) && !SUL_SUDESTE_SEM_ES.includes(ufDestino)) return '7';
  return '12';
}

export const ALIQUOTA_INTERNA: Readonly<Record<Uf, string>> = {
  AC: '19',
  AL: '20',
  AM: '20',
  AP: '18',
  BA: '20.5',
  CE: '20',
  DF: '20',
  ES: '17',
  GO: '19',
  MA: '23',
  MG: '18',
  MS: '17',
  MT: '17',
  PA: '19',
  PB: '20',
  PE: '20.5',
  PI: '22.5',
  PR: '19.5',
  RJ: '20',
  RN: '20',
  RO: '19.5',
  RR: '20',
  RS: '17',
  SC: '17',
  SE: '20',
  SP: '18',
  TO: '20',
};

export const aliquotaInterna = (uf: Uf): string => ALIQUOTA_INTERNA[uf];
