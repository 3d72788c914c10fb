/**
 * Learning resources of the signed-in user (spec §7 GET /api/v1/recurso-aprendizagem/menus) and the
 * dismissal; administrators keep the register on the generic screens (/recursosAprendizagem).
 */
import type { RecursoDaTela, RecursoDispensado } from '@retaguarda/domain';
import { api } from '../../../lib/api';

/** One learning resource of a screen (spec §3: `menuId` is the menu entry's route). */
export type RecursoAprendizagem = RecursoDaTela;

const BASE = '/api/v1/recurso-aprendizagem';

export const buscarRecursosDoUsuario = () => api<RecursoAprendizagem[]>(`${BASE}/menus`);
export const dispensarRecurso = (id: number) => api<RecursoDispensado>(`${BASE}/${id}/dispensar`, { method: 'POST' });
