/** Painel: the latest notifications (the header bell's list), each opening its screen. */
import { Anchor, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { tempoRelativo } from '../../../lib/tempo-relativo';
import type { Notificacao } from '../notificacoes.api';
import { useNotificacoes } from '../notificacoes.store';

const MAXIMO = 5;

export function NotificacoesRecentes() {
  const recentes = useNotificacoes((s) => s.recentes);
  const lerUma = useNotificacoes((s) => s.lerUma);
  const navegar = useNavigate();
  const abrir = (n: Notificacao) => {
    if (!n.lida) void lerUma(n.id).catch(() => undefined);
    navegar(n.link ?? '/notificacoes');
  };
  return (
    <Card withBorder radius="md" padding="lg" data-cy="painel-notificacoes">
      <Group gap="xs" mb="sm" justify="space-between">
        <Group gap="xs">
          <IconBell size={18} />
          <Title order={2} fz="md">
            Notificações recentes
          </Title>
        </Group>
        <Anchor component={Link} to="/notificacoes" fz="sm">
          Ver todas
        </Anchor>
      </Group>
      {recentes.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nenhuma notificação por aqui.
        </Text>
      ) : (
        <Stack gap={2}>
          {recentes.slice(0, MAXIMO).map((n) => (
            <UnstyledButton key={n.id} onClick={() => abrir(n)} p={6} style={{ borderRadius: 6 }}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text fz="sm" fw={n.lida ? 400 : 700} truncate>
                  {n.titulo}
                </Text>
                <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {tempoRelativo(n.criadoEm)}
                </Text>
              </Group>
              {n.corpo && (
                <Text fz="xs" c="dimmed" lineClamp={1}>
                  {n.corpo}
                </Text>
              )}
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  );
}
