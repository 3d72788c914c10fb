/**
 * The plan's parcel grid (domain.md §2.1): dias and percentual (2 places) per parcel, editable; the sum shown
 * against 100,00 %; under it the preview of an example value split by the same rule the POS uses
 * ("R$ 1.000,00 em 3x: 333,33 + 333,33 + 333,34, vencimentos 27/12, 26/01, 25/02").
 */
import { Alert, Group, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { Decimal, dec, formatarDecimal, type Parcela, previaDoPlano, somarDias } from '@retaguarda/domain';
import { useState } from 'react';
import { CampoMoeda } from '../../../ui/CampoMoeda';

const paraApi = (t: string) => t.trim().replace(',', '.');
const valido = (t: string) => Decimal.valido(paraApi(t));

/** The grid's percentages as typed (pt-BR comma) → their sum, when every one reads as a number. */
export function somaDaGrade(parcelas: readonly Parcela[]): Decimal | null {
  if (!parcelas.every((x) => valido(x.percentual))) return null;
  return parcelas.reduce((s, x) => s.mais(dec(paraApi(x.percentual))), dec('0'));
}

interface Props {
  parcelas: Parcela[];
  aoMudar: (parcelas: Parcela[]) => void;
  /** store-local today (YYYY-MM-DD): the base of the due dates */
  hoje: string;
  somenteLeitura: boolean;
  erro?: string;
}

export function GradeParcelas({ parcelas, aoMudar, hoje, somenteLeitura, erro }: Props) {
  const [exemplo, setExemplo] = useState(100_000);
  const soma = somaDaGrade(parcelas);
  const fecha = soma?.igual('100') ?? false;
  const mudar = (i: number, p: Partial<Parcela>) => aoMudar(parcelas.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const previa =
    fecha && exemplo > 0
      ? previaDoPlano(
          Decimal.deUnidades(BigInt(exemplo), 2).texto(2),
          hoje,
          parcelas.map((x) => ({ ...x, percentual: paraApi(x.percentual) })),
        )
      : null;
  return (
    <>
      <Table withTableBorder striped data-cy="grade-parcelas" maw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Parcela</Table.Th>
            <Table.Th>Dias</Table.Th>
            <Table.Th>Vencimento</Table.Th>
            <Table.Th>Percentual (%)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parcelas.map((x, i) => (
            <Table.Tr key={x.numero}>
              <Table.Td>{x.numero === 0 ? 'Entrada' : `${x.numero}ª`}</Table.Td>
              <Table.Td>
                <NumberInput
                  size="xs"
                  w={90}
                  min={0}
                  allowDecimal={false}
                  aria-label={`Dias da parcela ${x.numero}`}
                  value={x.dias}
                  readOnly={somenteLeitura}
                  onChange={(v) => mudar(i, { dias: typeof v === 'number' ? v : Number(v) || 0 })}
                />
              </Table.Td>
              <Table.Td>{formatarDataCurta(somarDias(hoje, x.dias))}</Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  w={110}
                  inputMode="decimal"
                  aria-label={`Percentual da parcela ${x.numero}`}
                  data-cy={`percentual-${x.numero}`}
                  value={x.percentual.replace('.', ',')}
                  readOnly={somenteLeitura}
                  error={!valido(x.percentual)}
                  onChange={(e) => mudar(i, { percentual: e.currentTarget.value.replace('.', ',') })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Total</Table.Th>
            <Table.Th c={fecha ? undefined : 'red'} data-cy="soma-percentuais">
              {soma ? `${formatarDecimal(soma.texto(2))} %` : '—'}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {erro && (
        <Alert color="red" variant="light" data-cy="erro-grade" maw={560}>
          {erro}
        </Alert>
      )}
      <Group align="flex-end" gap="md">
        <CampoMoeda label="Valor de exemplo" w={180} valor={exemplo} aoMudar={setExemplo} data-cy="valor-exemplo" />
        <Text size="sm" data-cy="previa-parcelas" c={previa ? undefined : 'dimmed'}>
          {previa ?? 'A prévia aparece quando a grade soma 100,00 %.'}
        </Text>
      </Group>
    </>
  );
}

const formatarDataCurta = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
