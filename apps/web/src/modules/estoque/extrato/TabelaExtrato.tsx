/** The statement's table: saldo anterior (or the balance carried from the previous page), lines, saldo final. */
import { Group, Pagination, Paper, Table, Text } from '@mantine/core';
import {
  custoExtrato,
  Decimal,
  type ExtratoEstoque,
  MSG_EXTRATO,
  quantidadeExtrato,
  ROTULO_TIPO_MOVIMENTO,
} from '@retaguarda/domain';
import { COR_NEGATIVO, ehNegativo } from '../ajustes/SaldosApos';
import { dataBr } from './filtros';

interface Props {
  extrato: ExtratoEstoque;
  pagina: number;
  porPagina: number;
  aoMudarPagina: (p: number) => void;
  carregando: boolean;
}

const seHouver = (v: string) => (Decimal.de(v).ehZero() ? '' : quantidadeExtrato(v));
const hora = (instante: unknown) => String(instante).slice(11, 16);

/** A balance below zero (a store that allows it) in the warning colour (issue #27.5). */
const corDoSaldo = (saldo: string) => (ehNegativo(saldo) ? { c: COR_NEGATIVO, 'data-negativo': true as const } : {});

export function TabelaExtrato({ extrato: e, pagina, porPagina, aoMudarPagina, carregando }: Props) {
  const paginas = Math.max(1, Math.ceil(e.total / porPagina));
  const primeira = e.items[0];
  // a later page opens with the balance carried from the lines before it
  const transportado =
    pagina > 1 && primeira
      ? Decimal.de(primeira.saldoApos).menos(primeira.entrada).mais(primeira.saida).texto(4)
      : e.saldoAnterior;
  const ultimaPagina = pagina >= paginas;
  return (
    <Paper withBorder radius="sm" p="sm" data-cy="extrato" aria-busy={carregando}>
      <Text fz="sm" mb="xs" data-cy="extrato-cabecalho">
        <b>
          {e.produto.codigo} - {e.produto.descricao}
        </b>{' '}
        · {e.loja.sigla} - {e.loja.nome} · {e.local ? e.local.descricao : MSG_EXTRATO.todosOsLocais} · {dataBr(e.de)} a{' '}
        {dataBr(e.ate)}
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder verticalSpacing={4} fz="sm" data-cy="extrato-tabela">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Documento</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Local</Table.Th>
              <Table.Th ta="right">Entrada</Table.Th>
              <Table.Th ta="right">Saída</Table.Th>
              <Table.Th ta="right">Saldo</Table.Th>
              <Table.Th ta="right">Custo médio</Table.Th>
              <Table.Th>Usuário</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr fw={600} data-cy="extrato-saldo-anterior">
              <Table.Td colSpan={6}>
                {pagina > 1 ? 'Saldo transportado da página anterior' : MSG_EXTRATO.saldoAnterior(e.de)}
              </Table.Td>
              <Table.Td ta="right" data-cy="extrato-saldo-anterior-valor" {...corDoSaldo(transportado)}>
                {quantidadeExtrato(transportado)}
              </Table.Td>
              <Table.Td ta="right">{pagina > 1 ? '' : custoExtrato(e.custoMedioAnterior)}</Table.Td>
              <Table.Td />
            </Table.Tr>
            {e.items.map((l) => (
              <Table.Tr key={l.movimentoId} data-cy="extrato-linha">
                <Table.Td title={`Lançado às ${hora(l.instante)}`}>{dataBr(l.data)}</Table.Td>
                <Table.Td>{l.documento}</Table.Td>
                <Table.Td>{ROTULO_TIPO_MOVIMENTO[l.tipo]}</Table.Td>
                <Table.Td>{l.local}</Table.Td>
                <Table.Td ta="right">{seHouver(l.entrada)}</Table.Td>
                <Table.Td ta="right">{seHouver(l.saida)}</Table.Td>
                <Table.Td ta="right" data-cy="extrato-linha-saldo" {...corDoSaldo(l.saldoApos)}>
                  {quantidadeExtrato(l.saldoApos)}
                </Table.Td>
                <Table.Td ta="right">{custoExtrato(l.custoMedioApos)}</Table.Td>
                <Table.Td>{l.usuario ?? ''}</Table.Td>
              </Table.Tr>
            ))}
            {e.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9} c="dimmed" data-cy="extrato-vazio">
                  {MSG_EXTRATO.semMovimentos}
                </Table.Td>
              </Table.Tr>
            )}
            {ultimaPagina && (
              <Table.Tr fw={600} data-cy="extrato-saldo-final">
                <Table.Td colSpan={4}>{MSG_EXTRATO.saldoFinal(e.ate)}</Table.Td>
                <Table.Td ta="right">{quantidadeExtrato(e.totais.entradas)}</Table.Td>
                <Table.Td ta="right">{quantidadeExtrato(e.totais.saidas)}</Table.Td>
                <Table.Td ta="right" data-cy="extrato-saldo-final-valor" {...corDoSaldo(e.saldoFinal)}>
                  {quantidadeExtrato(e.saldoFinal)}
                </Table.Td>
                <Table.Td colSpan={2} />
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="xs">
        <Text fz="sm" c="dimmed" data-cy="extrato-total">
          {e.total === 1 ? '1 movimento' : `${e.total.toLocaleString('pt-BR')} movimentos`} no período
        </Text>
        {paginas > 1 && (
          <Pagination
            total={paginas}
            value={pagina}
            onChange={aoMudarPagina}
            size="sm"
            getControlProps={(c) => ({
              'aria-label': c === 'next' ? 'Próxima página' : c === 'previous' ? 'Página anterior' : c,
            })}
            data-cy="extrato-paginacao"
          />
        )}
      </Group>
    </Paper>
  );
}
