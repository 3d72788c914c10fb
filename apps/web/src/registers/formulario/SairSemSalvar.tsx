/**
 * Unsaved-changes warning: in-app navigation asks first; closing the tab gets the browser's prompt.
 * The end of the session is never held (lib/saida-livre.ts): the way to login is always free.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { saidaLivre } from '../../lib/saida-livre';

export function SairSemSalvar({ pendente }: { pendente: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      pendente &&
      !saidaLivre() &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  // a session that ends while the question is open: let the pending navigation go on
  const livre = saidaLivre();
  useEffect(() => {
    if (blocker.state === 'blocked' && livre) blocker.proceed();
  }, [blocker, livre]);
  useEffect(() => {
    if (!pendente) return;
    const aviso = (e: BeforeUnloadEvent) => {
      if (!saidaLivre()) e.preventDefault();
    };
    window.addEventListener('beforeunload', aviso);
    return () => window.removeEventListener('beforeunload', aviso);
  }, [pendente]);
  return (
    <Modal
      opened={blocker.state === 'blocked' && !livre}
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
