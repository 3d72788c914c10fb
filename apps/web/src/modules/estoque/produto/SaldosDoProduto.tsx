/**
 * The product form's stock section (read-only): balances per store and location and the last movements,
 * within the user's stores. Shown on a saved product by the register shell's area slot (app/shell).
 */
import { Anchor, Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { disponivel, ROTULO_TIPO_MOVIMENTO, type SaldoEstoque, somar } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSessao } from '../../../servicos/sessao/store';
import { formatarDecimalCurto } from '../../../lib/formato';
import { listarMovimentos, listarSaldos } from '../api';
import { linkDoExtrato } from '../extrato/link';

const qtd = (v: string) => formatarDecimalCurto(v, 4, 0);
const dinheiro = (v: string) => formatarDecimalCurto(v, 2, 2);
const dataBr = (d: string) => d.split('-').reverse().join('/');

export function SaldosDoProduto({ produtoId }: { produtoId: string }) {
  const usuario = useSessao((s) => s.usuario);
  // each balance opens its statement, for who may read it (a franchise tenant, domain §11)
  const extrato =
    usuario?.tipoCliente === 'BOTICARIO' && usuario.permissoes.includes('PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO');
  const saldos = useQuery({
    queryKey: ['saldos-produto', produtoId],
    queryFn: () => listarSaldos(`produtoId==${produtoId}`),
  });
  const movs = useQuery({
    queryKey: ['movimentos-produto', produtoId],
    queryFn: () => listarMovimentos(`produtoId==${produtoId}`, 10),
  });
  return (
    <Paper withBorder radius="sm" p="md" data-cy="produto-estoque">
      <Stack gap="sm">
        <Title order={2} fz={16} fw={600}>
          Estoque
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Table withTableBorder verticalSpacing={4} data-cy="produto-saldos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Loja</Table.Th>
                <Table.Th>Local</Table.Th>
                <Table.Th>Saldo</Table.Th>
                <Table.Th>Custo médio</Table.Th>
                <Table.Th>Valor</Table.Th>
                {extrato && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(saldos.data?.items ?? []).map((s) => (
                <Table.Tr key={`${s.lojaId}-${s.localId}`}>
                  <Table.Td>{s.lojaId}</Table.Td>
                  <Table.Td>{s.localId}</Table.Td>
                  <Table.Td>
                    {qtd(s.quantidade)}{' '}
                    {s.negativo && (
                      <Badge color="red" variant="light" size="xs" tt="none">
                        negativo
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{dinheiro(s.custoMedio)}</Table.Td>
                  <Table.Td>{dinheiro(s.valorTotal)}</Table.Td>
                  {extrato && (
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={linkDoExtrato({ produtoId, lojaId: s.lojaId, localId: s.localId })}
                        fz="sm"
                        data-cy="produto-ver-extrato"
                      >
                        Extrato
                      </Anchor>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Table withTableBorder verticalSpacing={4} data-cy="produto-movimentos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Loja/local</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Quantidade</Table.Th>
                <Table.Th>Saldo após</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(movs.data?.items ?? []).map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{dataBr(m.data)}</Table.Td>
                  <Table.Td>
                    {m.lojaId}/{m.localId}
                  </Table.Td>
                  <Table.Td>{ROTULO_TIPO_MOVIMENTO[m.tipo]}</Table.Td>
                  <Table.Td>{qtd(m.quantidade)}</Table.Td>
                  <Table.Td>{qtd(m.saldoApos)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </SimpleGrid>
        <DisponivelPorLoja saldos={saldos.data?.items ?? []} />
        {!saldos.data?.items.length && !saldos.isPending && (
          <Text c="dimmed" fz="sm">
            Sem saldo nas suas lojas.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Per store: its balance (all locations), what accepted sales orders reserve, and what is left to sell. */
function DisponivelPorLoja({ saldos }: { saldos: readonly SaldoEstoque[] }) {
  const lojas = [...new Set(saldos.map((s) => s.lojaId))];
  const reservas = lojas.filter((l) => Number(saldos.find((s) => s.lojaId === l)?.reservadoNaLoja ?? 0) > 0);
  if (!reservas.length) return null;
  return (
    <Table withTableBorder verticalSpacing={4} data-cy="produto-disponivel">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Loja</Table.Th>
          <Table.Th>Saldo da loja</Table.Th>
          <Table.Th>Reservado por pedidos</Table.Th>
          <Table.Th>Disponível</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reservas.map((l) => {
          const linhas = saldos.filter((s) => s.lojaId === l);
          const saldo = somar(linhas.map((s) => s.quantidade)).texto();
          const reservado = linhas[0]?.reservadoNaLoja ?? '0';
          return (
            <Table.Tr key={l}>
              <Table.Td>{linhas[0]?.lojaSigla ?? l}</Table.Td>
              <Table.Td>{qtd(saldo)}</Table.Td>
              <Table.Td>{qtd(reservado)}</Table.Td>
              <Table.Td data-cy="produto-disponivel-valor">{qtd(disponivel(saldo, [reservado]))}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The register shell's area slot: the stock section on the product form, for who may read stock. */
export function AreaDoRegistroEstoque({
  registro,
  id,
  permissoes,
}: {
  registro: string;
  id?: string;
  permissoes: readonly string[];
}) {
  const pode = [
    'PERM_AJUSTE_ESTOQUE_ACESSO',
    'PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO',
    'PERM_RELATORIO_EXTRATO_MOVIMENTACOES',
  ].some((p) => permissoes.includes(p));
  if (registro !== 'produto' || id === undefined || !pode) return null;
  return <SaldosDoProduto produtoId={id} />;
}
