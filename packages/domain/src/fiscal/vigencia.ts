import { type FalhaDeCampo, falhaDeCampo } from '../contrato';

/** Periods (vigência) of registers: the end, when given, is not before the start. */
export function errosVigencia(inicio: unknown, fim: unknown, campoFim = 'vigenciaFim'): FalhaDeCampo[] {
  if (typeof inicio === 'string' && typeof fim === 'string' && fim.slice(0, 10) < inicio.slice(0, 10)) {
    return [falhaDeCampo(campoFim, 'o fim da vigência não pode ser anterior ao início.')];
  }
  return [];
}
