import { instanteDoTexto } from '@retaguarda/domain';

/** Relative time in Portuguese; past dates get ' atrás' (spec §5). */
const UNIDADES: [number, string, string][] = [
  [365 * 24 * 3600, 'ano', 'anos'],
  [30 * 24 * 3600, 'mês', 'meses'],
  [24 * 3600, 'dia', 'dias'],
  [3600, 'hora', 'horas'],
  [60, 'minuto', 'minutos'],
];

export function tempoRelativo(data: Date | string, agora: Date = new Date()): string {
  // the API's local text is business-zone wall clock, not the browser's
  const d = typeof data === 'string' ? instanteDoTexto(data) : data;
  const seg = Math.round((agora.getTime() - d.getTime()) / 1000);
  const abs = Math.abs(seg);
  let texto = 'alguns segundos';
  for (const [s, um, varios] of UNIDADES) {
    if (abs >= s) {
      const n = Math.floor(abs / s);
      texto = `${n} ${n === 1 ? um : varios}`;
      break;
    }
  }
  return seg >= 0 ? `${texto} atrás` : `em ${texto}`;
}
