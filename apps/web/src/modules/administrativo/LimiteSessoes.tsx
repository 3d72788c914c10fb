/**
 * The tenant's limit of concurrent sessions (issue 3): POST /api/auth answered 409 with the
 * active sessions; the user picks one to end and signs in through POST /api/auth/admin.
 */
import { Alert, Button, Group, Modal, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSessao } from '../../servicos/sessao/store';
import type { RespostaAuth } from '../../servicos/sessao/types';
import { api } from '../../lib/api';
import { HttpError } from '../../lib/erros';
import type { SessaoAtiva } from './limite-sessoes';
import { formatarDataHora } from '../../lib/formato';

/** dd/mm/aaaa hh:mm, or a dash when absent */
const dataHora = (v: string | null) => formatarDataHora(v) || '—';

function navegador(ua: string | null): string {
  if (!ua) return '—';
  const m = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(ua);
  if (!m) return 'Outro cliente';
  const nome = m[1] === 'Edg' ? 'Edge' : (m[1] ?? '');
  const so = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS|iPhone/.test(ua)
        ? 'Apple'
        : /Linux/.test(ua)
          ? 'Linux'
          : '';
  return so ? `${nome} (${so})` : nome;
}

interface Props {
  sessoes: SessaoAtiva[] | null;
  credenciais: { username: string; password: string };
  aoFechar: () => void;
  aoEntrar: () => void;
}

export function LimiteSessoes({ sessoes, credenciais, aoFechar, aoEntrar }: Props) {
  const [escolhida, setEscolhida] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  // the longest idle first: the likeliest to be forgotten
  const ordenadas = [...(sessoes ?? [])].sort((a, b) => a.ultimaAtividade.localeCompare(b.ultimaAtividade));
  const encerrarEEntrar = async () => {
    if (!escolhida) return;
    setEnviando(true);
    setErro(null);
    try {
      const resp = await api<RespostaAuth>('/api/auth/admin', {
        method: 'POST',
        body: { ...credenciais, sessionTokenToInvalidate: escolhida },
        token: null,
      });
      await useSessao.getState().iniciar(resp);
      aoEntrar();
    } catch (e) {
      const msg = e instanceof HttpError ? (e.data as { message?: string } | null)?.message : undefined;
      setErro(msg ?? 'Não foi possível encerrar a sessão escolhida.');
      setEnviando(false);
    }
  };
  return (
    <Modal opened={sessoes !== null} onClose={aoFechar} title="Limite de sessões atingido" size="lg" centered>
      <Stack gap="sm">
        <Text fz="sm">
          O limite de sessões simultâneas foi atingido. Escolha uma sessão ativa para encerrar e entrar no lugar dela.
        </Text>
        {erro && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {erro}
          </Alert>
        )}
        {sessoes?.length === 0 ? (
          <Alert color="orange">Não há sessões suas para encerrar. Solicite ao administrador.</Alert>
        ) : (
          <Radio.Group value={escolhida} onChange={setEscolhida} aria-label="Sessões ativas">
            <ScrollArea.Autosize mah={340} type="auto">
              <Table verticalSpacing={6} highlightOnHover stickyHeader data-cy="sessoes-ativas">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36} />
                    <Table.Th>Usuário</Table.Th>
                    <Table.Th>Última atividade</Table.Th>
                    <Table.Th>Origem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ordenadas.map((s) => (
                    <Table.Tr key={s.id} onClick={() => setEscolhida(s.id)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <Radio value={s.id} aria-label={`Encerrar a sessão de ${s.nome}`} />
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{s.nome}</Text>
                        <Text fz="xs" c="dimmed">
                          {s.username} · desde {dataHora(s.criadaEm)}
                        </Text>
                      </Table.Td>
                      <Table.Td fz="sm">{dataHora(s.ultimaAtividade)}</Table.Td>
                      <Table.Td>
                        <Text fz="sm">{navegador(s.userAgent)}</Text>
                        <Text fz="xs" c="dimmed">
                          {s.ip ?? ''}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={aoFechar}>
            Cancelar
          </Button>
          <Button
            color="red"
            disabled={!escolhida}
            loading={enviando}
            onClick={encerrarEEntrar}
            data-cy="encerrar-sessao-e-entrar"
          >
            Encerrar e entrar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
