/** The simulator's answer: the header (CFOP, CST/CSOSN, completeness), the tax table and the rules table. */
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatarData, formatarDecimal, formatarDinheiro, type ResultadoSimulacao } from '@retaguarda/domain';

const pct = (v: string | null | undefined) =>
  v === null || v === undefined
    ? '—'
    : `${formatarDecimal(v, v.split('.')[1]?.length === 4 && !/00$/.test(v) ? 4 : 2)} %`;

interface Linha {
  tributo: string;
  cst?: string | null;
  base: string;
  aliquota: string | null;
  valor: string;
  obs?: string;
}

function linhas(r: ResultadoSimulacao): Linha[] {
  const out: Linha[] = [
    {
      tributo: 'ICMS',
      cst: r.cst ?? r.csosn,
      base: r.icms.base,
      aliquota: r.icms.aliquota,
      valor: r.icms.valor,
      obs: [
        r.icms.reducaoBC ? `redução da base ${pct(r.icms.reducaoBC)}` : '',
        r.icms.aliquotaInterestadual ? `interestadual ${pct(r.icms.aliquotaInterestadual)}` : '',
        r.icms.cBenef ? `cBenef ${r.icms.cBenef}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
    },
    { tributo: 'FCP', base: r.icms.base, aliquota: r.icms.fcpAliquota, valor: r.icms.fcpValor },
    {
      tributo: 'ICMS-ST',
      base: r.st.base,
      aliquota: r.st.aliquota,
      valor: r.st.valor,
      obs: [
        r.st.mva ? `MVA ${pct(r.st.mva)}` : '',
        r.st.mvaAjustada && r.st.mvaAjustada !== r.st.mva ? `MVA ajustada ${pct(r.st.mvaAjustada)}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
    },
    {
      tributo: 'DIFAL',
      base: r.difal.base,
      aliquota: r.difal.aplica ? r.difal.aliquotaInterna : null,
      valor: r.difal.valor,
      obs: r.difal.aplica
        ? `interna do destino ${pct(r.difal.aliquotaInterna)} − interestadual ${pct(r.difal.aliquotaInterestadual)}; FCP destino ${formatarDinheiro(r.difal.valorFcp)}`
        : 'não se aplica',
    },
    {
      tributo: 'IPI',
      cst: r.ipi.cst,
      base: r.ipi.base,
      aliquota: r.ipi.aliquota,
      valor: r.ipi.valor,
      obs: `cEnq ${r.ipi.cEnq}`,
    },
    { tributo: 'PIS', cst: r.pis.cst, base: r.pis.base, aliquota: r.pis.aliquota, valor: r.pis.valor },
    {
      tributo: 'COFINS',
      cst: r.cofins.cst,
      base: r.cofins.base,
      aliquota: r.cofins.aliquota,
      valor: r.cofins.valor,
      obs: r.naturezaReceita ? `natureza da receita ${r.naturezaReceita}` : '',
    },
  ];
  return out;
}

export function ResultadoSimulacaoView({ r }: { r: ResultadoSimulacao }) {
  return (
    <Stack gap="sm" data-cy="simulacao-resultado">
      <Paper withBorder radius="sm" p="sm">
        <Group gap="lg" wrap="wrap">
          <Text fz="sm">
            <b>{r.produto.descricao}</b> · NCM {r.produto.ncm ?? '—'} · origem {r.origem} · {r.loja.fantasia} (
            {r.loja.uf}, CRT {r.loja.crt}) → {r.ufDestino} · {formatarData(r.data)}
          </Text>
          {r.completo ? (
            <Badge color="green" data-cy="simulacao-completo">
              Tratamento completo
            </Badge>
          ) : (
            <Badge color="red" data-cy="simulacao-incompleto">
              Tratamento incompleto
            </Badge>
          )}
        </Group>
        <Group gap="xl" mt="xs">
          <Text fz="sm">
            CFOP <b data-cy="simulacao-cfop">{r.cfop ?? '—'}</b>
            {r.naturezaOperacao ? ` - ${r.naturezaOperacao}` : ''}
          </Text>
          <Text fz="sm">
            {r.csosn ? 'CSOSN' : 'CST'} <b data-cy="simulacao-cst">{r.cst ?? r.csosn ?? '—'}</b>
          </Text>
          <Text fz="sm">Abrangência {r.abrangencia.toLowerCase()}</Text>
          <Text fz="sm">
            Valor dos produtos <b>{formatarDinheiro(r.valorProduto)}</b> ({formatarDecimal(r.quantidade, 4)} ×{' '}
            {formatarDinheiro(r.valorUnitario)})
          </Text>
        </Group>
        {r.faltando.length > 0 && (
          <Alert color="red" mt="xs" data-cy="simulacao-faltando">
            Falta: {r.faltando.join('; ')}.
          </Alert>
        )}
        {r.mensagemLegal && (
          <Text fz="sm" mt="xs" c="dimmed" data-cy="simulacao-mensagem-legal">
            {r.mensagemLegal}
          </Text>
        )}
      </Paper>
      <Table.ScrollContainer minWidth={700}>
        <Table striped withTableBorder verticalSpacing={4} fz="sm" data-cy="simulacao-tributos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tributo</Table.Th>
              <Table.Th>CST</Table.Th>
              <Table.Th ta="right">Base de cálculo</Table.Th>
              <Table.Th ta="right">Alíquota</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th>Observação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {linhas(r).map((l) => (
              <Table.Tr key={l.tributo} data-cy={`tributo-${l.tributo}`}>
                <Table.Td>{l.tributo}</Table.Td>
                <Table.Td>{l.cst ?? ''}</Table.Td>
                <Table.Td ta="right">{formatarDinheiro(l.base)}</Table.Td>
                <Table.Td ta="right">{pct(l.aliquota)}</Table.Td>
                <Table.Td ta="right" fw={600} data-cy={`valor-${l.tributo}`}>
                  {formatarDinheiro(l.valor)}
                </Table.Td>
                <Table.Td>{l.obs}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={2} fz={16} fw={600}>
        Regras avaliadas
      </Title>
      <Table.ScrollContainer minWidth={700}>
        <Table withTableBorder verticalSpacing={4} fz="sm" data-cy="simulacao-regras">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cenário</Table.Th>
              <Table.Th>Código</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Motivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...r.regras]
              .sort((a, b) => Number(b.aplicada) - Number(a.aplicada) || b.especificidade - a.especificidade)
              .map((g) => (
                <Table.Tr key={`${g.tipo}-${g.id}`} data-cy={`regra-${g.tipo.toLowerCase()}-${g.id}`}>
                  <Table.Td>{g.tipo === 'NCM' ? 'Por NCM' : 'Por operação'}</Table.Td>
                  <Table.Td>{g.id}</Table.Td>
                  <Table.Td>{g.descricao}</Table.Td>
                  <Table.Td>
                    {g.aplicada ? (
                      <Badge color="green">Aplicada</Badge>
                    ) : (
                      <Text fz="sm" c="dimmed">
                        Descartada
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{g.motivo}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
