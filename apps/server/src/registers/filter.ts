/** RSQL `q` → SQL on the register's declared filter fields only (anything else → 400), via the shared translator. */
import { MSG_LISTA } from '@retaguarda/domain';
import type { RawBuilder } from 'kysely';
import { type RsqlFieldMap, rsqlWhere } from '../db/rsql-kysely';
import { ApiError } from '../plugins/errors';
import type { Meta } from './meta';

const cache = new WeakMap<Meta, RsqlFieldMap>();

/** Official codes are stored digits only but shown with dots (0000.00.00): both forms filter alike. */
const semPontuacao = (v: string) => v.replace(/[.\-\s]/g, '');
const codigoFiscal = (meta: Meta, nome: string, tipo: string) =>
  ['ncm', 'cest', 'cfop'].includes(tipo) || (meta.def.key === 'ncm' && (nome === 'id' || nome === 'codigoPai'));

function fieldsOf(meta: Meta): RsqlFieldMap {
  const hit = cache.get(meta);
  if (hit) return hit;
  const allowed = new Set([...meta.def.list.filters, ...meta.def.list.search, 'id', 'ativo']);
  const map: RsqlFieldMap = {};
  for (const c of meta.cols) {
    if (!allowed.has(c.name) && !allowed.has(c.name.split('.')[0]!)) continue;
    if (['children', 'group'].includes(c.field.type) || c.field.hidden) continue;
    // array columns filter by membership (`tributos==PIS`, `lojas=in=(1,2)`)
    if (c.field.type === 'multiEnum')
      map[c.name] = {
        column: `t.${c.column}`,
        type: 'enum',
        values: c.field.options?.map((o) => o.value),
        array: true,
      };
    else if (c.field.type === 'multiReference' || c.field.type === 'lojas')
      map[c.name] = { column: `t.${c.column}`, type: 'number', array: true };
    else
      map[c.name] = {
        column: `t.${c.column}`,
        type: c.kind,
        values: c.field.options?.map((o) => o.value),
        ...(codigoFiscal(meta, c.name, c.field.type) ? { normalize: semPontuacao } : {}),
        ...(c.kind === 'date' && meta.lojaColumn ? { loja: `t.${meta.lojaColumn}` } : {}),
      };
  }
  cache.set(meta, map);
  return map;
}

export function whereFromQ(meta: Meta, q: unknown): RawBuilder<unknown> | undefined {
  if (q === undefined || q === '') return undefined;
  if (typeof q !== 'string') throw new ApiError(400, MSG_LISTA.filtroInvalido, [MSG_LISTA.filtroRepetido]);
  return rsqlWhere(q, fieldsOf(meta)) as RawBuilder<unknown> | undefined;
}
