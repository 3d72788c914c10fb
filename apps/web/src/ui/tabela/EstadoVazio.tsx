/** An empty list: what happened, why, and (with a filter on) a way out. */
import { Button, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface Props {
  titulo: string;
  texto: string;
  /** 'Limpar filtros' when a search or filter hides every row */
  aoLimpar?: () => void;
}

export function EstadoVazio({ titulo, texto, aoLimpar }: Props) {
  return (
    <Stack align="center" gap={4} data-cy="lista-vazia">
      <IconSearch size={28} stroke={1.4} opacity={0.5} />
      <Text fw={500}>{titulo}</Text>
      <Text fz="sm" c="dimmed">
        {texto}
      </Text>
      {aoLimpar && (
        <Button size="xs" variant="light" mt={4} onClick={aoLimpar} data-cy="limpar-filtros">
          Limpar filtros
        </Button>
      )}
    </Stack>
  );
}
