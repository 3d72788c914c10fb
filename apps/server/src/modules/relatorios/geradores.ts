/**
 * The report kinds the engine can generate: the engine declares its own (register list, record history);
 * an area declares its reports' content at module level (`registrarGerador('SALDO_ESTOQUE', gerarSaldo)`,
 * modules/estoque/relatorios), so the engine knows no area.
 */
import type { Gerador } from './relatorios.fila';
import type { TipoRelatorio } from './relatorios.store';

const geradores = new Map<TipoRelatorio, Gerador>();

export function registrarGerador(tipo: TipoRelatorio, gerador: Gerador): void {
  geradores.set(tipo, gerador);
}

/** The generator of a kind; a kind no area declared is a bug (the job fails and the owner is told). */
export function geradorDe(tipo: TipoRelatorio): Gerador {
  const gerador = geradores.get(tipo);
  if (!gerador) throw new Error(`relatório sem gerador declarado: ${tipo}`);
  return gerador;
}
