/** Every register of the product: adding one is its file + one line here + its migration. */
import { marca } from '../produto/marca.register';
import { unidade } from '../produto/unidade.register';
import { setor } from '../pessoa/setor.register';
import type { RegisterDef } from './types';

export const REGISTERS: readonly RegisterDef[] = [
  marca,
  unidade,
  setor,
];

export function registerByKey(key: string): RegisterDef | undefined {
  return REGISTERS.find((r) => r.key === key);
}
