/**
 * The catalogue of declared parameters: one list per area, joined here. `ValorDoParametro<'estoque.x'>` is
 * the type of a key's value, so `lerParametro(db, a, 'estoque.inventarioHabilitado')` is a boolean.
 */
import { PARAMETROS_ADMINISTRATIVO } from './administrativo';
import type { QualquerParametro, ValorDoTipo } from './definir';
import { PARAMETROS_ESTOQUE } from './estoque';
import { PARAMETROS_FINANCEIRO } from './financeiro';
export { LIMITE_MAXIMO_EXTRATO_MB } from './financeiro';
import { PARAMETROS_FISCAL } from './fiscal';
import { PARAMETROS_VENDA } from './venda';

export * from './comandos';
export * from './contrato';
export * from './definir';
export * from './eventos';
export * from './mensagens';
export { PARAMETROS_ADMINISTRATIVO, PARAMETROS_ESTOQUE, PARAMETROS_FINANCEIRO, PARAMETROS_FISCAL, PARAMETROS_VENDA };

const TODOS = [
  ...PARAMETROS_ESTOQUE,
  ...PARAMETROS_FINANCEIRO,
  ...PARAMETROS_ADMINISTRATIVO,
  ...PARAMETROS_FISCAL,
  ...PARAMETROS_VENDA,
];

export type ChaveParametro = (typeof TODOS)[number]['chave'];
export type ValorDoParametro<C extends ChaveParametro> = ValorDoTipo[Extract<
  (typeof TODOS)[number],
  { chave: C }
>['tipo']];

export const PARAMETROS: readonly QualquerParametro[] = TODOS as readonly QualquerParametro[];

const porChave = new Map<string, QualquerParametro>(PARAMETROS.map((p) => [p.chave, p]));

export const parametroPorChave = (chave: string): QualquerParametro | undefined => porChave.get(chave);

/** The areas that declare parameters, in declaration order. */
export const AREAS_DE_PARAMETROS: readonly string[] = [...new Set(PARAMETROS.map((p) => p.area))];

export const parametrosDaArea = (area: string): readonly QualquerParametro[] =>
  PARAMETROS.filter((p) => p.area === area);
