/** The sticky footer of every form: Voltar, and Salvar for whoever may save (with its Ctrl+S hint where the form has it). */
import { Button, Group, Kbd, Paper } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';

interface Props {
  aoVoltar: () => void;
  podeSalvar: boolean;
  salvando: boolean;
  /** the form saves on Ctrl+S: the button shows the shortcut */
  atalhoSalvar?: boolean;
  /** 'Salvar e novo' beside Salvar: saves and opens a clean form for the next record */
  aoSalvarENovo?: () => void;
}

export function RodapeFormulario({ aoVoltar, podeSalvar, salvando, atalhoSalvar = false, aoSalvarENovo }: Props) {
  return (
    <Paper withBorder radius="sm" px="md" py="xs" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={aoVoltar} data-cy="voltar">
          Voltar
        </Button>
        {podeSalvar && (
          <Group gap="xs">
            {aoSalvarENovo && (
              <Button variant="light" onClick={aoSalvarENovo} loading={salvando} data-cy="salvar-e-novo">
                Salvar e novo
              </Button>
            )}
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              rightSection={atalhoSalvar ? <Kbd size="xs">Ctrl+S</Kbd> : undefined}
              loading={salvando}
              data-cy="salvar"
            >
              Salvar
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
