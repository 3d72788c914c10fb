/** /notificacoes (spec §2.4, no permission needed): list with unread filter, mark one or all read, links. */
import { Anchor, Badge, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { tempoRelativo } from '../../lib/tempo-relativo';
import { listarNotificacoes, type Notificacao } from './notificacoes.api';
import { useNotificacoes } from './notificacoes.store';

const POR_PAGINA = 20;

export function NotificacoesPage() {
  const [filtro, setFiltro] = useState<'todas' | 'naoLidas'>('todas');
  const [itens, setItens] = useState<Notificacao[]>([]);
  const [total, setTotal] = useState(0);
  const [carregando, setCarregando] = useState(true);
  const [erro, setErro] = useState(false);
  const { naoLidas, recentes, lerUma, lerTodas } = useNotificacoes();

  const carregar = useCallback(async (start: number, naoLidasSo: boolean) => {
    setCarregando(true);
    setErro(false);
    try {
      const p = await listarNotificacoes(start, POR_PAGINA, naoLidasSo);
      setItens((atuais) => (start === 0 ? p.items : [...atuais, ...p.items]));
      setTotal(p.total);
    } catch {
      setErro(true);
    } finally {
      setCarregando(false);
    }
  }, []);

  // reload on filter change and whenever a new notification arrives (recentes[0] changes)
  const maisNova = recentes[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: maisNova is the trigger, not an input
  useEffect(() => {
    void carregar(0, filtro === 'naoLidas');
  }, [filtro, carregar, maisNova]);

  const lerItem = async (id: number) => {
    await lerUma(id);
    setItens((atuais) =>
      filtro === 'naoLidas'
        ? atuais.filter((n) => n.id !== id)
        : atuais.map((n) => (n.id === id ? { ...n, lida: true } : n)),
    );
    if (filtro === 'naoLidas') setTotal((t) => Math.max(0, t - 1));
  };

  const lerTudo = async () => {
    await lerTodas();
    void carregar(0, filtro === 'naoLidas');
  };

  return (
    <Paper withBorder radius="md" p="xl">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} fz={22}>
          Notificações
        </Title>
        <Group gap="sm">
          <SegmentedControl
            value={filtro}
            onChange={(v) => setFiltro(v as 'todas' | 'naoLidas')}
            data={[
              { value: 'todas', label: 'Todas' },
              { value: 'naoLidas', label: `Não lidas${naoLidas ? ` (${naoLidas})` : ''}` },
            ]}
          />
          <Button variant="light" disabled={!naoLidas} onClick={() => void lerTudo().catch(() => undefined)}>
            Marcar todas como lidas
          </Button>
        </Group>
      </Group>
      {erro && <Text c="red">Não foi possível carregar as notificações.</Text>}
      {!erro && !carregando && itens.length === 0 && (
        <Stack align="center" gap="xs" py="lg" c="dimmed">
          <IconBellOff size={36} stroke={1.5} />
          <Text>{filtro === 'naoLidas' ? 'Nenhuma notificação não lida.' : 'Nenhuma notificação recente.'}</Text>
        </Stack>
      )}
      <Stack gap="xs">
        {itens.map((n) => (
          <Paper
            key={n.id}
            withBorder
            p="sm"
            radius="sm"
            data-cy="notificacao"
            bg={n.lida ? undefined : 'var(--mantine-color-blue-light)'}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ flex: 1 }}>
                <Group gap="xs">
                  <Text fw={n.lida ? 500 : 700}>{n.titulo}</Text>
                  {!n.lida && (
                    <Badge size="xs" color="red">
                      Não lida
                    </Badge>
                  )}
                </Group>
                {n.corpo && <Text fz="sm">{n.corpo}</Text>}
                <Text fz="xs" c="dimmed" title={new Date(n.criadoEm).toLocaleString('pt-BR')}>
                  {tempoRelativo(n.criadoEm)}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                {n.link && (
                  <Anchor
                    component={Link}
                    to={n.link}
                    fz="sm"
                    onClick={() => !n.lida && void lerItem(n.id).catch(() => undefined)}
                  >
                    Abrir
                  </Anchor>
                )}
                {!n.lida && (
                  <Button size="compact-sm" variant="subtle" onClick={() => void lerItem(n.id).catch(() => undefined)}>
                    Marcar como lida
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      {carregando && (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      )}
      {!carregando && itens.length < total && (
        <Group justify="center" pt="md">
          <Button variant="subtle" onClick={() => void carregar(itens.length, filtro === 'naoLidas')}>
            Carregar mais
          </Button>
        </Group>
      )}
    </Paper>
  );
}
