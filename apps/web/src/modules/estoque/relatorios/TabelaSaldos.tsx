/**
 * The balances on screen (#27.9): the filters the user applied (day, stores, sections) over GET
 * /estoque/saldos in the shared table, paged by the list contract, quantities in their unit's decimals,
 * negatives in the warning colour; the totals per store of the same filters under it.
 */
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { formatarDecimal, formatarDinheiro, type SaldoEstoque } from '@retaguarda/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TAMANHOS_PAGINA } from '../../../lib/lista/estado';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { listarSaldosNaTela, totaisDeSaldos } from '../api';
import { exportarSaldosCsv } from './csv-saldos';

export interface FiltrosSaldos {
  /** yyyy-MM-dd */
  data: string;
  lojas: number[];
  secoes: number[];
}

/** RSQL and `data` of the applied filters (the list's `start`/`count` added by the caller). */
export function parametrosDosSaldos(f: FiltrosSaldos): URLSearchParams {
  const partes: string[] = [];
  if (f.lojas.length) partes.push(`lojaId=in=(${f.lojas.join(',')})`);
  if (f.secoes.length) partes.push(`secaoId=in=(${f.secoes.join(',')})`);
  const p = new URLSearchParams({ data: f.data });
  if (partes.length) p.set('q', partes.join(';'));
  return p;
}

const quantidade = (s: { quantidade: string; casasDecimais?: number | null }) =>
  formatarDecimal(s.quantidade, s.casasDecimais ?? 0);
const custo = (v: string) => formatarDecimal(v, 4).replace(/(,\d\d)(\d*?)0+$/, '$1$2');
const negativo = (v: string) => (v.startsWith('-') ? 'var(--mantine-color-orange-8)' : undefined);

const COLUNAS: ColunaTabela<SaldoEstoque>[] = [
  { id: 'lojaId', titulo: 'Loja', ordenavel: true, codigo: true, celula: (s) => s.lojaSigla ?? s.lojaId },
  { id: 'localId', titulo: 'Local', ordenavel: true, celula: (s) => s.localDescricao ?? s.localId },
  { id: 'produtoId', titulo: 'Código', ordenavel: true, codigo: true, celula: (s) => s.produtoCodigo ?? s.produtoId },
  { id: 'produto', titulo: 'Produto', celula: (s) => s.produtoDescricao ?? '' },
  {
    id: 'quantidade',
    titulo: 'Saldo',
    celula: (s) => (
      <Text span fz="sm" ta="right" display="block" c={negativo(s.quantidade)} fw={s.negativo ? 600 : undefined}>
        {quantidade(s)} {s.unidade ?? ''}
      </Text>
    ),
  },
  {
    id: 'custoMedio',
    titulo: 'Custo médio',
    celula: (s) => (
      <Text span fz="sm" ta="right" display="block">
        {custo(s.custoMedio)}
      </Text>
    ),
  },
  {
    id: 'valorTotal',
    titulo: 'Valor em estoque',
    celula: (s) => (
      <Text span fz="sm" ta="right" display="block" c={negativo(s.valorTotal)}>
        {formatarDinheiro(s.valorTotal)}
      </Text>
    ),
  },
];

export function TabelaSaldos({ filtros }: { filtros: FiltrosSaldos }) {
  const [pagina, setPagina] = useState(1);
  const [tamanho, setTamanho] = useState<number>(TAMANHOS_PAGINA[1] ?? 25);
  const [ordem, setOrdem] = useState('lojaId,localId,produtoId');
  const base = parametrosDosSaldos(filtros);
  const pedido = new URLSearchParams(base);
  pedido.set('start', String((pagina - 1) * tamanho));
  pedido.set('count', String(tamanho));
  pedido.set('sort', ordem);
  const lista = useQuery({
    queryKey: ['saldos-na-tela', pedido.toString()],
    queryFn: ({ signal }) => listarSaldosNaTela(pedido, signal),
    placeholderData: keepPreviousData,
  });
  const totais = useQuery({
    queryKey: ['saldos-na-tela-totais', base.toString()],
    queryFn: ({ signal }) => totaisDeSaldos(base, signal),
  });
  const [exportando, setExportando] = useState(false);
  const exportar = async () => {
    setExportando(true);
    try {
      await exportarSaldosCsv(base, filtros.data);
    } finally {
      setExportando(false);
    }
  };
  return (
    <Stack gap="sm" data-cy="saldos-na-tela">
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileTypeCsv size={16} />}
          loading={exportando}
          disabled={!lista.data?.total}
          onClick={() => void exportar()}
          data-cy="saldos-exportar-csv"
        >
          Exportar CSV
        </Button>
      </Group>
      <TabelaDados
        rotulo="Saldos de estoque"
        colunas={COLUNAS}
        itens={lista.data?.items ?? []}
        idDe={(s) => `${s.lojaId}-${s.localId}-${s.produtoId}`}
        carregando={lista.isPending}
        atualizando={lista.isFetching && !lista.isPending}
        ordem={ordem}
        aoOrdenar={(campo) => setOrdem((o) => (o === campo ? `-${campo}` : campo))}
        vazio={<Text c="dimmed">Nenhum saldo com os filtros aplicados.</Text>}
        paginacao={{
          total: lista.data?.total ?? 0,
          pagina,
          tamanho,
          aoMudarPagina: setPagina,
          aoMudarTamanho: (t) => {
            setTamanho(t);
            setPagina(1);
          },
        }}
      />
      {!!totais.data?.items.length && (
        <Paper withBorder radius="md" p="md" maw={640}>
          <Title order={2} fz="md" mb="xs">
            Totais por loja
          </Title>
          <Table fz="sm" data-cy="saldos-totais">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Loja</Table.Th>
                <Table.Th ta="right">Itens</Table.Th>
                <Table.Th ta="right">Valor em estoque</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totais.data.items.map((t) => (
                <Table.Tr key={t.lojaId} data-cy="saldos-total-loja">
                  <Table.Td>{t.lojaSigla ?? t.lojaId}</Table.Td>
                  <Table.Td ta="right">{t.itens.toLocaleString('pt-BR')}</Table.Td>
                  <Table.Td ta="right" c={negativo(t.valorTotal)}>
                    {formatarDinheiro(t.valorTotal)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
