/**
 * The demo's NFC-e stores BV01 and BV02 connected to the local SEFAZ simulator the server started (test A1
 * certificate, CSC, homologação endpoint on the loopback, older contingency notes already transmitted):
 * the fiscal area does it (nfce-simulador.demo.ts).
 */
import type { Database } from '../../src/db/database';
import { ligarLojasAoSimuladorSefaz } from '../../src/modules/fiscal';

export async function seedDemoNfceSimulador(db: Database, url: string): Promise<void> {
  const a = await db.resolveAssinante('localhost');
  if (a) await ligarLojasAoSimuladorSefaz(db, a.id, ['BV01', 'BV02'], url);
}
