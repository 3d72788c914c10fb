/**
 * The product's prices per store inside its form (saved with the product in one request): the
 * generic editable rows, with the margin following price and cost and the price following a typed
 * margin. A row without a store is "Todas as lojas" (every store of the user; a store's own row wins).
 */
import { Text } from '@mantine/core';
import { inputDe, type InputProps } from '../../../registers/fields';
import { FilhosInput } from '../../../registers/fields/filhos';
import { type LinhaPreco, recalcularLinhas } from './margem';

export function PrecosPorLojaInput(p: InputProps) {
  const antes = Array.isArray(p.value) ? (p.value as LinhaPreco[]) : [];
  return (
    <>
      <FilhosInput
        {...p}
        onChange={(v) => p.onChange(recalcularLinhas(antes, (v as LinhaPreco[]) ?? []))}
        inputDe={inputDe}
      />
      <Text fz="xs" c="dimmed" mt={4} data-cy="ajuda-precos">
        Loja em branco: todas as suas lojas. Margem sobre o preço de venda: (preço − custo) ÷ preço; digite a margem
        para calcular o preço.
      </Text>
    </>
  );
}
