/** A card of the order board: number, external number, customer, store, value, age, delivery or pickup, flags. */
import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatarDinheiro, type PedidoVenda, ROTULO_CANAL_PEDIDO } from '@retaguarda/domain';
import { IconAlertTriangle, IconBuildingStore, IconMotorbike, IconTruckDelivery } from '@tabler/icons-react';
import { idade } from './movimento';

export function CartaoPedido({ p, segundos }: { p: PedidoVenda; segundos: number }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text fw={600} fz="sm" data-cy="cartao-numero">
          Pedido {p.numero}
        </Text>
        <Text fw={600} fz="sm" data-cy="cartao-valor">
          {formatarDinheiro(p.valorTotal)}
        </Text>
      </Group>
      {p.idExterno && (
        <Text fz="xs" c="dimmed" truncate>
          Nº externo {p.idExterno}
        </Text>
      )}
      <Text fz="xs" truncate>
        {p.clienteNome ?? (p.retiradaNaLoja ? 'Retirada sem cliente identificado' : 'Cliente não identificado')}
      </Text>
      <Text fz="xs" c="dimmed" truncate>
        {p.lojaSigla}
        {p.lojaFantasia ? ` - ${p.lojaFantasia}` : ''}
      </Text>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-cy="cartao-idade">
          {idade(segundos)}
        </Text>
        <Group gap={4} wrap="nowrap">
          {p.canal === 'APP_DELIVERY' && (
            <Tooltip label={ROTULO_CANAL_PEDIDO[p.canal]}>
              <IconMotorbike
                size={16}
                color="var(--mantine-color-orange-7)"
                aria-label={ROTULO_CANAL_PEDIDO[p.canal]}
                data-cy="cartao-app-delivery"
              />
            </Tooltip>
          )}
          {p.itensInconsistentes > 0 && (
            <Tooltip
              label={`${p.itensInconsistentes} ${p.itensInconsistentes === 1 ? 'item inconsistente' : 'itens inconsistentes'}`}
            >
              <IconAlertTriangle
                size={16}
                color="var(--mantine-color-red-6)"
                aria-label="Itens inconsistentes"
                data-cy="cartao-inconsistente"
              />
            </Tooltip>
          )}
          {p.retiradaNaLoja ? (
            <Tooltip label="Retirada na loja">
              <IconBuildingStore size={16} aria-label="Retirada na loja" />
            </Tooltip>
          ) : (
            <Tooltip label="Entrega">
              <IconTruckDelivery size={16} aria-label="Entrega" />
            </Tooltip>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
