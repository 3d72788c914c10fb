/**
 * Screens per route path: the shell's own and each area's (`modules/<area>/telas.ts`, via areas.ts).
 * A route without a screen yet renders the shared 'Em construção' page until its area declares one.
 * Register screens are looked up only when a route is opened, so the register definitions stay out
 * of the login bundle.
 */
import { carregarChunk, type Importador } from '../../servicos/navegacao/carregar';
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';
import { AREAS } from './areas';

/** The shell's own screens, then every area's; a path declared twice is a mistake, not an override. */
function juntar(proprias: Record<string, Importador>, areas: readonly TelasDaArea[]): Record<string, Importador> {
  const telas = { ...proprias };
  for (const area of areas)
    for (const [caminho, importar] of Object.entries(area.telas)) {
      if (telas[caminho]) throw new Error(`Tela declarada duas vezes: ${caminho}`);
      telas[caminho] = importar;
    }
  return telas;
}

export const TELAS: Record<string, Importador> = juntar(
  {
    '/vf': () => import('./VfPage').then((m) => m.VfPage),
    '/requerimentosAplicacao': () => import('../requerimentos/RequerimentosPage').then((m) => m.RequerimentosPage),
  },
  AREAS,
);

export const emConstrucao: Importador = () => import('../shell/EmConstrucaoPage').then((m) => m.EmConstrucaoPage);

export function importadorDe(path: string): Importador {
  const fixa = TELAS[path];
  if (fixa) return fixa;
  return async () => {
    const { telasDosCadastros } = await carregarChunk(() => import('../../registers/telas'));
    return (telasDosCadastros()[path] ?? emConstrucao)();
  };
}
