import type { RegisterDef } from '@retaguarda/domain';

/**
 * A record that is not there, said with the register's own sentence and the code asked:
 * 'Produto não encontrado.' + 99999 → 'Produto 99999 não encontrado.'
 */
export function mensagemNaoEncontrado(def: Pick<RegisterDef, 'label'>, id: string): string {
  const { singular, naoEncontrado } = def.label;
  return naoEncontrado.startsWith(singular)
    ? `${singular} ${id}${naoEncontrado.slice(singular.length)}`
    : `${naoEncontrado.replace(/\.$/, '')} (código ${id}).`;
}
