import { formatarNcm } from './codigos';
import type { RegisterDef } from './types';

/** A record in its own words ("5 - Nestlé"): descrição, else fantasia/nome/sigla; NCM keeps its mask. */
export function rotuloDoRegistro(def: Pick<RegisterDef, 'key'>, item: Record<string, unknown>): string {
  const id = String(item.id ?? '');
  const nome = item.descricao ?? item.fantasia ?? item.nome ?? item.sigla;
  const codigo = def.key === 'ncm' ? formatarNcm(id) : id;
  return nome ? `${codigo} - ${String(nome)}` : codigo;
}

/** The columns `rotuloDoRegistro` reads, for a query that fetches only what a label needs. */
export const CAMPOS_DO_ROTULO = ['descricao', 'fantasia', 'nome', 'sigla'] as const;
