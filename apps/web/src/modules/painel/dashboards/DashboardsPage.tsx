/** /dashboards — the user's dashboards and those shared with her groups; open, create, edit, delete. */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { comandoExcluirDashboard, ROTULO_PERIODO, type PeriodoPadrao } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { listarDashboards, type ResumoDashboard } from './api';

export function DashboardsPage() {
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const lista = useQuery({ queryKey: ['dashboards'], queryFn: listarDashboards });
  const excluir = useComando(comandoExcluirDashboard);

  async function excluirDashboard(d: ResumoDashboard) {
    if (!window.confirm(`Excluir o dashboard "${d.nome}" e seus indicadores?`)) return;
    try {
      await excluir.executar({ id: d.id });
      toast({ type: 'success', title: 'Sucesso', message: `Dashboard "${d.nome}" excluído.` });
      await lista.refetch();
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'dashboard' }));
    }
  }

  const meus = lista.data?.filter((d) => d.meu) ?? [];
  const outros = lista.data?.filter((d) => !d.meu) ?? [];
  const tabela = (itens: ResumoDashboard[], cy: string) => (
    <Paper withBorder>
      <Table fz="sm" striped highlightOnHover data-cy={cy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Período padrão</Table.Th>
            <Table.Th ta="right">Indicadores</Table.Th>
            <Table.Th>Compartilhamento</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {itens.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => navigate(`/dashboards/detalhes/${d.id}`)}>
                  {d.nome}
                </Button>
              </Table.Td>
              <Table.Td>{ROTULO_PERIODO[d.periodoPadrao as PeriodoPadrao] ?? d.periodoPadrao}</Table.Td>
              <Table.Td ta="right">{d.indicadores}</Table.Td>
              <Table.Td>
                {d.meu ? (
                  d.compartilhado ? (
                    <Badge variant="light">Compartilhado</Badge>
                  ) : (
                    <Badge variant="light" color="gray">
                      Pessoal
                    </Badge>
                  )
                ) : (
                  <Text fz="sm">De {d.dono}</Text>
                )}
              </Table.Td>
              <Table.Td>
                {d.meu && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => navigate(`/dashboards/cadastro/${d.id}`)}
                    >
                      Editar
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => void excluirDashboard(d)}>
                      Excluir
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Button onClick={() => navigate('/dashboards/cadastro')} data-cy="dashboard-novo">
          Novo dashboard
        </Button>
      </Group>
      {lista.error && <Alert color="red">Não foi possível carregar os dashboards.</Alert>}
      <Text fw={600}>Meus dashboards</Text>
      {lista.isSuccess && !meus.length ? (
        <Text c="dimmed" fz="sm">
          Você ainda não criou um dashboard.
        </Text>
      ) : (
        tabela(meus, 'dashboards-meus')
      )}
      <Text fw={600}>Compartilhados comigo</Text>
      {lista.isSuccess && !outros.length ? (
        <Text c="dimmed" fz="sm">
          Nenhum dashboard foi compartilhado com seus grupos.
        </Text>
      ) : (
        tabela(outros, 'dashboards-compartilhados')
      )}
    </Stack>
  );
}
