/** The sections of the scenario by NCM as the CRT being edited asks: CST for CRT 3, CSOSN for CRT 1/2/4, both for any CRT. */
import { type FormSection, type RegisterDef, usaCsosn } from '@retaguarda/domain';

export function secoesDoCenarioNcm(def: RegisterDef, crt: unknown): readonly FormSection[] {
  const n = crt === null || crt === undefined || crt === '' ? null : Number(crt);
  const oculto = n === null || Number.isNaN(n) ? null : usaCsosn(n) ? 'cst' : 'csosn';
  if (!oculto) return def.sections;
  return def.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f !== oculto) }));
}

const CAMPOS_DA_URL = ['ncm', 'cest', 'ufOrigem', 'ufDestino', 'crt', 'descricao'] as const;

/** The scope a link gives a new scenario (digits only for codes; the CRT as a number); nothing else is taken. */
export function padraoDaUrl(q: URLSearchParams): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const campo of CAMPOS_DA_URL) {
    const v = q.get(campo)?.trim();
    if (!v) continue;
    if (campo === 'crt') {
      if (/^[1-4]$/.test(v)) out.crt = Number(v);
    } else if (campo === 'ncm' || campo === 'cest') {
      const d = v.replace(/\D/g, '');
      if (d.length === (campo === 'ncm' ? 8 : 7)) out[campo] = d;
    } else if (campo === 'descricao') out.descricao = v.slice(0, 60);
    else if (/^([A-Z]{2}|TODAS)$/.test(v)) out[campo] = v;
  }
  return Object.keys(out).length ? out : undefined;
}
