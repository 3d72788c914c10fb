/**
 * One app process per data directory: a second start on the same ./data/ refuses clearly
 * instead of fighting over the embedded cluster. A lock left by a killed process is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'retaguarda.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid)) {
        throw new DataDirBusyError(
          `Outra instância do Retaguarda (pid ${pid}) já está usando o diretório de dados ${dataDir}. ` +
            'Encerre-a antes de iniciar outra, ou use outro DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true }); // stale lock of a killed process
    }
  }
  throw new DataDirBusyError(`Não foi possível obter o bloqueio de ${file}.`);
}
