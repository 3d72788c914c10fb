/** The drill-down of a sales figure: the cupons of those stores and days (the cupons read; VENDA_PDV ACESSO). */
import { Alert, Badge, Drawer, Table, Text } from '@mantine/core';
import { formatarDinheiro } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from '../../../lib/erros';
import { useSessao } from '../../../servicos/sessao/store';
import { cuponsDoPeriodo } from './api';
import { periodoBr } from './formato';

export interface PedidoCupons {
  titulo: string;
  lojas: number[];
  inicio: string;
  fim: string;
}

const dataHora = (t: string) => `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 16)}`;

export function DetalheCupons({ pedido, fechar }: { pedido: PedidoCupons | null; fechar: () => void }) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const q = useQuery({
    queryKey: ['dashboard-cupons', pedido],
    queryFn: () => cuponsDoPeriodo(pedido!.lojas, pedido!.inicio, pedido!.fim),
    enabled: pedido !== null,
    retry: false,
  });
  const sigla = (id: number) => lojas.find((l) => l.id === id)?.sigla ?? String(id);
  const semPermissao = q.error instanceof HttpError && q.error.status === 403;
  return (
    <Drawer opened={pedido !== null} onClose={fechar} position="right" size="xl" title={pedido?.titulo ?? ''}>
      {pedido && (
        <Text fz="sm" c="dimmed" mb="sm">
          Cupons de {periodoBr(pedido)} · {pedido.lojas.map(sigla).join(', ')}
          {q.data
            ? ` · ${q.data.total.toLocaleString('pt-BR')} cupom(ns)${q.data.total > q.data.items.length ? `, os ${q.data.items.length} mais recentes` : ''}`
            : ''}
        </Text>
      )}
      {semPermissao && <Alert color="gray">Você não tem permissão para ver os cupons (Vendas do PDV).</Alert>}
      {q.error && !semPermissao && <Alert color="red">Não foi possível carregar os cupons.</Alert>}
      {q.data && (
        <Table fz="sm" striped data-cy="detalhe-cupons">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Loja</Table.Th>
              <Table.Th>Caixa</Table.Th>
              <Table.Th>Cupom</Table.Th>
              <Table.Th>Abertura</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{sigla(c.lojaId)}</Table.Td>
                <Table.Td>{c.numeroCaixa}</Table.Td>
                <Table.Td>{c.sequencial}</Table.Td>
                <Table.Td>{dataHora(c.dataHoraAberturaCupom)}</Table.Td>
                <Table.Td ta="right">{formatarDinheiro(String(c.valor))}</Table.Td>
                <Table.Td>
                  {c.cancelada && (
                    <Badge color="red" size="xs">
                      Cancelado
                    </Badge>
                  )}
                  {c.tipo === 'DEVOLUCAO' && (
                    <Badge color="orange" size="xs">
                      Devolução
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
