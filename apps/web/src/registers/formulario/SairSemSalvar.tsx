/** Unsaved-changes warning: in-app navigation asks first; closing the tab gets the browser's prompt. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export function SairSemSalvar({ pendente }: { pendente: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      pendente && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (!pendente) return;
    const aviso = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', aviso);
    return () => window.removeEventListener('beforeunload', aviso);
  }, [pendente]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Alterações não salvas"
      centered
    >
      <Text fz="sm">Há alterações que ainda não foram salvas. Deseja sair e descartá-las?</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()} data-cy="continuar-editando">
          Continuar editando
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()} data-cy="descartar-alteracoes">
          Sair sem salvar
        </Button>
      </Group>
    </Modal>
  );
}
