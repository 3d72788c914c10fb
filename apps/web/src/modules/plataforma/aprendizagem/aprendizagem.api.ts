/** Learning resources API (spec §7 GET /api/v1/recurso-aprendizagem/menus; admin register). */
import { api } from '../../../lib/api';

/** One learning resource of a screen (spec §3: `menuId` is the menu entry's route). */
export interface RecursoAprendizagem {
  id: number;
  menuId: string;
  titulo: string;
  conteudo: string;
  link: string | null;
}

export interface RecursoCadastro extends RecursoAprendizagem {
  ativo: boolean;
  versao: number;
  criadoEm: string;
  alteradoEm: string | null;
}

export interface DadosRecurso {
  menuId: string;
  titulo: string;
  conteudo: string;
  link: string | null;
  ativo: boolean;
  versao?: number;
}

const BASE = '/api/v1/recurso-aprendizagem';

export const buscarRecursosDoUsuario = () => api<RecursoAprendizagem[]>(`${BASE}/menus`);
export const dispensarRecurso = (id: number) => api(`${BASE}/${id}/dispensar`, { method: 'POST' });

export const listarRecursos = () => api<{ items: RecursoCadastro[] }>(BASE).then((r) => r.items);
export const incluirRecurso = (d: DadosRecurso) => api<RecursoCadastro>(BASE, { method: 'POST', body: d });
export const alterarRecurso = (id: number, d: DadosRecurso) =>
  api<RecursoCadastro>(`${BASE}/${id}`, { method: 'PUT', body: d });
export const excluirRecurso = (id: number) => api(`${BASE}/${id}`, { method: 'DELETE' });
