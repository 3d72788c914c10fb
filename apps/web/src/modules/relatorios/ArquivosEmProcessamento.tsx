/**
 * Header indicator of the files in processing (spec §3/§4): shown while reports and other jobs run,
 * each with a real progress bar fed by the jobs' realtime 'tarefa' events (feito/total/fase) and a
 * link to its result; restored from the server on load, cleared by the job's final status or the
 * report's notification (realtime); while the socket is down each job's status is read instead (lib/tarefas).
 */
import { ActionIcon, Anchor, Group, Indicator, Loader, Popover, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { HttpError } from '../../lib/erros';
import { acompanharTarefa, ouvirTarefas } from '../../lib/tarefas/tarefa';
import { useNotificacoes } from '../plataforma/notificacoes.store';
import {
  type ArquivoEmProcessamento,
  percentual,
  relatorioDoLink,
  useArquivosEmProcessamento,
} from '../../servicos/processamento/arquivos.store';
import { relatoriosEmProcessamento } from './relatorios.api';

function useSincronizarArquivos() {
  const { arquivos, remover, substituir, tarefa } = useArquivosEmProcessamento();
  const recentes = useNotificacoes((s) => s.recentes);
  /** id → stop: every job in the list is followed by lib/tarefas (events; reads only while the socket is down) */
  const seguidos = useRef(new Map<string, () => void>());

  // a job not in the list yet enters by its first event; the followers take its changes from then on
  useEffect(() => ouvirTarefas((t) => !seguidos.current.has(t.id) && tarefa(t)), [tarefa]);

  useEffect(() => {
    relatoriosEmProcessamento()
      .then((itens) =>
        substituir(
          itens.map((r) => ({ id: r.id, tipo: r.tipo, titulo: r.titulo, link: `/visualizacao-relatorio/${r.id}` })),
        ),
      )
      .catch(() => undefined);
  }, [substituir]);

  useEffect(() => {
    for (const n of recentes) {
      const id = relatorioDoLink(n.link);
      if (id) remover(id);
    }
  }, [recentes, remover]);

  const ids = arquivos.map((a) => a.id).join(',');
  useEffect(() => {
    const naLista = new Set(ids ? ids.split(',') : []);
    for (const [id, parar] of seguidos.current)
      if (!naLista.has(id)) {
        parar();
        seguidos.current.delete(id);
      }
    for (const id of naLista) {
      if (seguidos.current.has(id)) continue;
      // every job in the list (reports, the demo history…); each entered with a fresh state, so no first read
      const parar = acompanharTarefa(id, {
        aoMudar: tarefa,
        aoFalhar: (e) => e instanceof HttpError && (e.status === 404 || e.status === 403) && remover(id),
        lerAoIniciar: false,
      });
      seguidos.current.set(id, parar);
    }
  }, [ids, tarefa, remover]);
  useEffect(() => {
    const todos = seguidos.current;
    return () => {
      for (const parar of todos.values()) parar();
      todos.clear();
    };
  }, []);

  return arquivos;
}

export function ArquivosEmProcessamento() {
  const arquivos = useSincronizarArquivos();
  const [aberto, setAberto] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => setAberto(false), [pathname]);
  if (!arquivos.length) return null;
  const rotulo = arquivos.length === 1 ? '1 arquivo em processamento' : `${arquivos.length} arquivos em processamento`;
  return (
    <Popover opened={aberto} onChange={setAberto} position="bottom-end" width={320} shadow="md">
      <Popover.Target>
        <Tooltip label={rotulo} disabled={aberto}>
          <Indicator label={arquivos.length} size={16} color="orange" offset={6}>
            <ActionIcon
              variant="subtle"
              color="white"
              size="lg"
              aria-label={rotulo}
              onClick={() => setAberto((a) => !a)}
              data-cy="arquivos-em-processamento"
            >
              <IconFileText size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Text fw={700} fz="sm" mb={6}>
          Arquivos em processamento
        </Text>
        <Stack gap={6}>
          {arquivos.map((a) => (
            <ItemEmProcessamento key={a.id} arquivo={a} />
          ))}
        </Stack>
        <Text fz="xs" c="dimmed" mt="xs">
          Você será avisado pelo sino de notificações quando cada arquivo estiver pronto.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}

function ItemEmProcessamento({ arquivo: a }: { arquivo: ArquivoEmProcessamento }) {
  const pct = percentual(a.progresso);
  const titulo = a.titulo ?? 'Relatório';
  return (
    <Stack gap={2} data-cy="arquivo-em-processamento">
      <Group gap="xs" wrap="nowrap">
        {pct === undefined && <Loader size={14} />}
        {a.link ? (
          <Anchor component={Link} to={a.link} fz="sm" lineClamp={2}>
            {titulo}
          </Anchor>
        ) : (
          <Text fz="sm" lineClamp={2}>
            {titulo}
          </Text>
        )}
      </Group>
      {pct !== undefined && (
        <>
          <Progress value={pct} size="sm" animated aria-label={`${titulo}: ${pct}%`} />
          <Text fz="xs" c="dimmed">
            {a.progresso?.fase ? `${a.progresso.fase} · ${pct}%` : `${pct}%`}
          </Text>
        </>
      )}
    </Stack>
  );
}
