/**
 * The update modal (spec §4 "Update flow"), mounted once by the shell: 'admin' (the offer with the
 * active sessions and the attempt counter), 'sistema' (update in progress, cannot be closed) and
 * 'usuario' (the administrator asked everyone to log out). A build change noticed on load is
 * announced by the shell's navigation hook: a navigation to the current screen triggers it.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useEstadoUi } from '../../../servicos/estado-ui';
import { useSessao } from '../../../servicos/sessao/store';
import { versaoCompleta } from './atualizacao.api';
import { useAtualizacao } from './atualizacao.store';
import { solicitarLogout } from './logout-usuarios';
import { useConfirmarEncerramento } from './ConfirmarEncerramento';
import { SessoesAtivas } from './SessoesAtivas';
import { useSessoesAtivas } from './useSessoesAtivas';

const TITULOS = {
  admin: 'Atualização disponível',
  sistema: 'Atualização em andamento',
  usuario: 'Atualização do sistema',
} as const;

function VisaoAdmin() {
  const { atual, maisRecente, tentativas, erro, atualizar, fechar } = useAtualizacao();
  const { sessoes, erro: erroSessoes, recarregar } = useSessoesAtivas(true);
  const [enviando, setEnviando] = useState(false);
  const confirmacao = useConfirmarEncerramento(sessoes);
  return (
    <Stack gap="sm">
      {confirmacao.modal}
      {tentativas > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`A tentativa ${tentativas} falhou`}>
          {erro}
        </Alert>
      )}
      <Text>
        O build <b>{maisRecente ? versaoCompleta(maisRecente) : '—'}</b> está disponível (em uso:{' '}
        {atual ? versaoCompleta(atual) : '—'}). Durante a atualização o sistema fica indisponível por alguns instantes.
      </Text>
      <Text fw={600} fz="sm">
        Sessões ativas ({sessoes?.length ?? 0})
      </Text>
      <SessoesAtivas sessoes={sessoes} erro={erroSessoes} />
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={fechar}>
          Agora não
        </Button>
        <Button
          variant="light"
          onClick={() => confirmacao.pedir('logout', () => void solicitarLogout().then(recarregar))}
        >
          Solicitar logout dos usuários
        </Button>
        <Button
          loading={enviando}
          onClick={() =>
            confirmacao.pedir('atualizar', () => {
              setEnviando(true);
              void atualizar().finally(() => setEnviando(false));
            })
          }
        >
          {tentativas > 0 ? 'Tentar novamente' : 'Atualizar agora'}
        </Button>
      </Group>
    </Stack>
  );
}

function VisaoSistema() {
  const inicio = useAtualizacao((s) => s.andamento?.inicio);
  const alvo = useAtualizacao((s) => s.maisRecente);
  return (
    <Stack align="center" gap="sm" py="md" data-cy="atualizacao-em-andamento">
      <Loader />
      <Text ta="center">
        O sistema está sendo atualizado{alvo ? ` para o build ${versaoCompleta(alvo)}` : ''}. A página volta sozinha
        quando o novo build estiver no ar.
      </Text>
      {inicio && (
        <Text c="dimmed" fz="sm">
          Iniciada às {new Date(inicio).toLocaleTimeString('pt-BR')}
        </Text>
      )}
    </Stack>
  );
}

function VisaoUsuario() {
  const mensagem = useAtualizacao((s) => s.mensagemUsuario);
  const fechar = useAtualizacao((s) => s.fechar);
  const sair = useSessao((s) => s.sair);
  return (
    <Stack gap="md">
      <Text>{mensagem}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={fechar}>
          Depois
        </Button>
        <Button onClick={() => void sair()}>Sair agora</Button>
      </Group>
    </Stack>
  );
}

export function AtualizacaoModal() {
  const visao = useAtualizacao((s) => s.visao);
  const fechar = useAtualizacao((s) => s.fechar);
  const buildPendente = useEstadoUi((s) => s.buildPendente);
  const navigate = useNavigate();
  const local = useLocation();

  // the navigation hook shows 'O build … foi aplicado com sucesso!' when a navigation ends
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pending build triggers it
  useEffect(() => {
    if (buildPendente) void navigate(`${local.pathname}${local.search}`, { replace: true });
  }, [buildPendente]);

  return (
    <Modal
      opened={visao !== null}
      onClose={fechar}
      title={visao ? TITULOS[visao] : ''}
      size={visao === 'admin' ? 'lg' : 'md'}
      centered
      withCloseButton={visao !== 'sistema'}
      closeOnClickOutside={visao !== 'sistema'}
      closeOnEscape={visao !== 'sistema'}
    >
      {visao === 'admin' && <VisaoAdmin />}
      {visao === 'sistema' && <VisaoSistema />}
      {visao === 'usuario' && <VisaoUsuario />}
    </Modal>
  );
}
