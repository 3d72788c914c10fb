/** The form's starting values: declared defaults, empty groups and lists, the user's main store. */
import type { FieldDef, RegisterDef } from '@retaguarda/domain';

function inicial(f: FieldDef, lojaPrincipal: number | null): unknown {
  if (f.type === 'group') return Object.fromEntries((f.fields ?? []).map((x) => [x.name, inicial(x, lojaPrincipal)]));
  if (['children', 'multiEnum', 'multiReference'].includes(f.type)) return [];
  if (f.type === 'lojas') return f.required && lojaPrincipal ? [lojaPrincipal] : [];
  if (f.type === 'loja') return lojaPrincipal;
  return f.default ?? null;
}

export function valoresIniciais(
  def: RegisterDef,
  lojaPrincipal: number | null,
  dados?: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.hidden) continue;
    const padrao = inicial(f, lojaPrincipal);
    if (!dados) out[f.name] = padrao;
    else if (f.type === 'group') out[f.name] = { ...(padrao as object), ...((dados[f.name] as object | null) ?? {}) };
    else out[f.name] = dados[f.name] ?? (Array.isArray(padrao) ? [] : null);
  }
  return out;
}
