import type { RotaDef } from '@retaguarda/domain';
import { useLocation, useMatches } from 'react-router';

/** What the route table puts on each screen's route: its declaration (title, breadcrumb, guard). */
export interface HandleRota {
  rota: RotaDef;
}

export interface RotaAtual {
  rota: RotaDef | null;
  /** Breadcrumb items (group, section, …) without the title. */
  trilha: string[];
  titulo: string;
  caminho: string;
}

/** Breadcrumbs come from route metadata (spec §2.1); /vf takes them from its `b` parameter. */
export function useRotaAtual(): RotaAtual {
  const matches = useMatches();
  const { search } = useLocation();
  const handle = [...matches].reverse().find((m) => (m.handle as HandleRota | undefined)?.rota)?.handle as
    | HandleRota
    | undefined;
  const rota = handle?.rota ?? null;
  if (rota?.path === '/vf') {
    const itens = (new URLSearchParams(search).get('b') ?? '').split(' > ').filter(Boolean);
    return { rota, trilha: itens.slice(0, -1), titulo: itens.at(-1) ?? rota.titulo, caminho: rota.path };
  }
  return { rota, trilha: [...(rota?.breadcrumb ?? [])], titulo: rota?.titulo ?? 'Painel', caminho: rota?.path ?? '/' };
}
