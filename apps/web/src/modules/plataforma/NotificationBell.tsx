/** Header bell: unread badge updated in realtime, the recent list in a popover. */
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { tempoRelativo } from '../../lib/tempo-relativo';
import type { Notificacao } from './notificacoes.api';
import { useNotificacoes } from './notificacoes.store';

function Item({ n, aoAbrir }: { n: Notificacao; aoAbrir: (n: Notificacao) => void }) {
  return (
    <UnstyledButton onClick={() => aoAbrir(n)} p="xs" style={{ borderRadius: 6 }} data-cy="sino-item">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Text fz="sm" fw={n.lida ? 400 : 700} lineClamp={1} style={{ flex: 1 }}>
          {n.titulo}
        </Text>
        {!n.lida && <Indicator inline size={8} processing={false} aria-label="não lida" />}
      </Group>
      {n.corpo && (
        <Text fz="xs" c="dimmed" lineClamp={2}>
          {n.corpo}
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        {tempoRelativo(n.criadoEm)}
      </Text>
    </UnstyledButton>
  );
}

export function NotificationBell() {
  const { recentes, naoLidas, lerUma, lerTodas } = useNotificacoes();
  const [aberto, setAberto] = useState(false);
  const navegar = useNavigate();
  const rotulo = naoLidas ? `Notificações (${naoLidas} não lidas)` : 'Notificações';

  const abrir = (n: Notificacao) => {
    setAberto(false);
    if (!n.lida) void lerUma(n.id).catch(() => undefined);
    navegar(n.link ?? '/notificacoes');
  };

  return (
    <Popover opened={aberto} onChange={setAberto} position="bottom-end" width={340} shadow="md">
      <Popover.Target>
        <Tooltip label={rotulo} disabled={aberto}>
          <Indicator label={naoLidas > 99 ? '99+' : naoLidas} size={16} color="red" disabled={!naoLidas} offset={6}>
            <ActionIcon
              variant="subtle"
              color="white"
              size="lg"
              aria-label={rotulo}
              onClick={() => setAberto((a) => !a)}
              data-cy="sino"
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Group justify="space-between" mb={4}>
          <Text fw={700} fz="sm">
            Notificações
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={!naoLidas}
            onClick={() => void lerTodas().catch(() => undefined)}
          >
            Marcar todas como lidas
          </Button>
        </Group>
        <Divider />
        {recentes.length ? (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={2} py={4}>
              {recentes.map((n) => (
                <Item key={n.id} n={n} aoAbrir={abrir} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Text fz="sm" c="dimmed" ta="center" py="md">
            Nenhuma notificação recente.
          </Text>
        )}
        <Divider />
        <Anchor
          component={Link}
          to="/notificacoes"
          fz="sm"
          display="block"
          ta="center"
          pt={6}
          onClick={() => setAberto(false)}
        >
          Ver todas
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
