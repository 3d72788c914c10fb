/**
 * 'Voltar' on a form with typed data asks before discarding it, in the words of the register forms'
 * unsaved-changes question; an untouched form goes back at once.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export function useVoltarComPergunta(
  pendente: boolean,
  aoVoltar: () => void,
): { voltar: () => void; pergunta: ReactNode } {
  const [perguntando, setPerguntando] = useState(false);
  const voltar = () => (pendente ? setPerguntando(true) : aoVoltar());
  const pergunta = (
    <Modal opened={perguntando} onClose={() => setPerguntando(false)} title="Alterações não salvas" centered>
      <Text fz="sm">Há alterações que ainda não foram salvas. Deseja sair e descartá-las?</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => setPerguntando(false)} data-cy="continuar-editando">
          Continuar editando
        </Button>
        <Button
          color="red"
          onClick={() => {
            setPerguntando(false);
            aoVoltar();
          }}
          data-cy="descartar-alteracoes"
        >
          Sair sem salvar
        </Button>
      </Group>
    </Modal>
  );
  return { voltar, pergunta };
}
