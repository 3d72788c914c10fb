/** Finalizar changes products: the question says how many before anything is written. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { contagem } from '../../../ui/plural';

/** The products the lot will change: the preview's distinct products (a product may have a line per store). */
export function produtosAlterados(previa: readonly { produtoId: number }[], propostos: number): number {
  return new Set(previa.map((i) => i.produtoId)).size || propostos;
}

export function ConfirmarFinalizacao({
  lote,
  produtos,
  aoConfirmar,
  aoCancelar,
}: {
  lote: { id: number; descricao: string };
  produtos: number;
  aoConfirmar: () => void;
  aoCancelar: () => void;
}) {
  return (
    <Modal opened onClose={aoCancelar} title={`Finalizar o lote ${lote.id}`} centered data-cy="confirmar-finalizacao">
      <Text fz="sm" data-cy="efeito-finalizacao">
        {contagem(produtos, 'produto será alterado', 'produtos serão alterados')} conforme a prévia do lote “
        {lote.descricao}”. As alterações ficam registradas no histórico de cada produto.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={aoCancelar} data-cy="cancelar-finalizacao">
          Cancelar
        </Button>
        <Button onClick={aoConfirmar} data-autofocus data-cy="confirmar-finalizar">
          Finalizar e alterar produtos
        </Button>
      </Group>
    </Modal>
  );
}
