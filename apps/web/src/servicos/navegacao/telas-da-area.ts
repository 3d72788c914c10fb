import type { Importador } from './carregar';

/**
 * What an area declares to the route table (its `modules/<area>/telas.ts`): its screens by route path,
 * loaded lazily, and the legacy `r`s of /vf that those routes answer. The shell takes every area's
 * declaration, so no area imports the shell.
 */
export interface TelasDaArea {
  telas: Readonly<Record<string, Importador>>;
  /** `[r, route]`: /vf with that legacy `r` frames that route (app/routing/legado-registro.ts). */
  legadas?: readonly (readonly [r: string, rota: string])[];
}
