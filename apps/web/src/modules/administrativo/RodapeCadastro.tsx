/** The sticky footer of the identity registrations: Voltar, and Salvar for whoever may save. */
import { Button, Group, Paper } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';

interface Props {
  aoVoltar: () => void;
  podeSalvar: boolean;
  salvando: boolean;
}

export function RodapeCadastro({ aoVoltar, podeSalvar, salvando }: Props) {
  return (
    <Paper withBorder radius="sm" px="md" py="xs" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={aoVoltar} data-cy="voltar">
          Voltar
        </Button>
        {podeSalvar && (
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={salvando} data-cy="salvar">
            Salvar
          </Button>
        )}
      </Group>
    </Paper>
  );
}
