/** A lot's values as the screens show them: NCM 3304.99.10, CEST 20.008.00 (stored as digits only). */
import { formatarNcm, type ItemLoteInconsistencia } from '@retaguarda/domain';

const cest = (v: string) => v.replace(/^(\d{2})(\d{3})(\d{2})$/, '$1.$2.$3');

/** `rotulo`: the server's label when the value is a register's id (situação fiscal 12 → "060 - Substituição") */
export function valorDoCampo(campo: string, v: string | null | undefined, rotulo?: string | null): string {
  if (!v) return '';
  if (rotulo) return rotulo;
  if (campo === 'ncm') return formatarNcm(v);
  if (campo === 'cest') return cest(v);
  return v;
}

/** A lot item's current and proposed values as shown (the register's label when there is one). */
export const valorAtualDo = (i: ItemLoteInconsistencia) => valorDoCampo(i.campo, i.valorAtual, i.valorAtualRotulo);
export const valorPropostoDo = (i: ItemLoteInconsistencia) =>
  valorDoCampo(i.campo, i.valorProposto, i.valorPropostoRotulo);
