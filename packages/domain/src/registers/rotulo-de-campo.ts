import type { FieldDef, RegisterDef } from './types';

/**
 * The label of a field path of a register (`descricao`, `endereco.codigoIbge`, `cests.0.cest`): the
 * deepest declared field's label, row indexes skipped; undefined for a path the register does not declare.
 */
export function rotuloDoCampo(def: Pick<RegisterDef, 'fields'>, campo: string): string | undefined {
  let campos: readonly FieldDef[] | undefined = def.fields;
  let rotulo: string | undefined;
  for (const parte of campo.split('.')) {
    if (/^\d+$/.test(parte)) continue;
    const f: FieldDef | undefined = campos?.find((x) => x.name === parte);
    if (!f) return rotulo;
    rotulo = f.label;
    campos = f.fields;
  }
  return rotulo;
}
