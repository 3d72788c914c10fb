/**
 * Learning resources for the signed-in user (spec §4, §7 GET /api/v1/recurso-aprendizagem/menus): the
 * resources of the screens they may open, minus the ones they dismissed ('Não mostrar novamente').
 * Administrators keep the register itself (recurso-aprendizagem.register.ts).
 */
import { z } from 'zod';

/** One resource of a screen (`menuId` is the screen's route). */
export const recursoDaTela = z.object({
  id: z.number(),
  menuId: z.string(),
  titulo: z.string(),
  conteudo: z.string(),
  link: z.string().nullable(),
});
export type RecursoDaTela = z.input<typeof recursoDaTela>;

/** GET /api/v1/recurso-aprendizagem/menus. */
export const recursosDasTelas = z.array(recursoDaTela);

/** POST /api/v1/recurso-aprendizagem/{id}/dispensar. */
export const recursoDispensado = z.object({ id: z.number(), dispensado: z.literal(true) });
export type RecursoDispensado = z.input<typeof recursoDispensado>;
