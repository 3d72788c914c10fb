/**
 * The balances a saved adjustment left, above the next one's form; a balance below zero (a store that
 * allows it) shows in the warning colour and turns the box orange (issue #27.5).
 */
import { Alert, Table } from '@mantine/core';
import { formatarDecimalCurto } from '../../../lib/formato';

export interface SaldoApos {
  produtoId: number;
  descricao: string;
  quantidade: string;
}

export const COR_NEGATIVO = 'orange.8';
export const ehNegativo = (quantidade: string | null | undefined) => !!quantidade && quantidade.trim().startsWith('-');

export function SaldosApos({ saldos }: { saldos: readonly SaldoApos[] }) {
  if (!saldos.length) return null;
  const negativo = saldos.some((s) => ehNegativo(s.quantidade));
  return (
    <Alert
      color={negativo ? 'orange' : 'green'}
      title={negativo ? 'Saldos após o ajuste (há saldo negativo)' : 'Saldos após o ajuste'}
      data-cy="saldos-apos"
      data-negativo={negativo || undefined}
    >
      <Table>
        <Table.Tbody>
          {saldos.map((s) => (
            <Table.Tr key={s.produtoId} data-cy="saldo-apos">
              <Table.Td>{s.produtoId}</Table.Td>
              <Table.Td>{s.descricao}</Table.Td>
              <Table.Td
                data-cy="saldo-apos-quantidade"
                c={ehNegativo(s.quantidade) ? COR_NEGATIVO : undefined}
                fw={ehNegativo(s.quantidade) ? 600 : undefined}
                data-negativo={ehNegativo(s.quantidade) || undefined}
              >
                {formatarDecimalCurto(s.quantidade, 4, 0)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
