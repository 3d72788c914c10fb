/**
 * The learning resource of the current screen: the help button in the page header and the modal
 * (spec §2.1, §4). The modal opens by itself only on the first screen after login; every
 * navigation closes it (the shell's navigation hook); the help button offers it again.
 */
import { ActionIcon, Anchor, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconHelpCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useEstadoUi } from '../../../servicos/estado-ui';
import { toast } from '../../../lib/toasts';
import { recursoDa, useAprendizagem } from './aprendizagem.store';

export function AjudaDaTela({ menuId }: { menuId: string }) {
  const recursos = useAprendizagem((s) => s.recursos);
  const carregado = useAprendizagem((s) => s.carregado);
  const abrirAoEntrar = useAprendizagem((s) => s.abrirAoEntrar);
  const aberto = useEstadoUi((s) => s.modalAprendizagemAberto);
  const definir = useEstadoUi((s) => s.definir);
  const [dispensando, setDispensando] = useState(false);
  const recurso = recursoDa(recursos, menuId);

  useEffect(() => useAprendizagem.getState().telaAtual(menuId), [menuId]);

  useEffect(() => {
    if (abrirAoEntrar && carregado && useAprendizagem.getState().consumirAbertura(menuId))
      definir({ modalAprendizagemAberto: true });
  }, [abrirAoEntrar, carregado, menuId, definir]);

  if (!recurso) return null;
  const fechar = () => definir({ modalAprendizagemAberto: false });
  const dispensar = async () => {
    setDispensando(true);
    try {
      await useAprendizagem.getState().dispensar(recurso.id);
      fechar();
    } catch {
      toast({ type: 'error', title: 'Erro', message: 'Não foi possível dispensar o recurso. Tente novamente.' });
    } finally {
      setDispensando(false);
    }
  };

  return (
    <>
      <Tooltip label="Ajuda desta tela">
        <ActionIcon
          variant="subtle"
          size="md"
          onClick={() => definir({ modalAprendizagemAberto: true })}
          aria-label="Ajuda desta tela"
          data-cy="ajuda-tela"
        >
          <IconHelpCircle size={20} />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={aberto}
        onClose={fechar}
        title={recurso.titulo}
        size="lg"
        centered
        data-cy="modal-aprendizagem"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {recurso.conteudo && (
          <Text style={{ whiteSpace: 'pre-wrap' }} mb="md">
            {recurso.conteudo}
          </Text>
        )}
        {recurso.link && (
          <Anchor href={recurso.link} target="_blank" rel="noopener noreferrer" fw={600}>
            <Group gap={4} component="span" display="inline-flex">
              Abrir o material de apoio <IconExternalLink size={16} aria-hidden />
            </Group>
          </Anchor>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => void dispensar()} loading={dispensando}>
            Não mostrar novamente
          </Button>
          <Button onClick={fechar}>Entendi</Button>
        </Group>
      </Modal>
    </>
  );
}
