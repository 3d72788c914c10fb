/**
 * /conciliacaoContaCorrente (domain §2.4): per account that uses reconciliation, the pending statement lines and
 * ledger entries of the period and the statement vs system balance; the user picks an account and a period
 * (≤ 31 days) and goes to /conciliacaoContaCorrente/conciliar?conta&inicio&fim.
 */
import { Alert, Button, Grid, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatarDinheiro,
  hojeNaZona,
  MAX_DIAS_CONCILIACAO,
  MSG_CONCILIACAO,
  somarDias,
  ZONA_PADRAO,
  dataBr,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { lerDataBr } from '../../../lib/datas';
import { falhaDaApi } from '../../../lib/erros';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { listarContas, painelConciliacao } from '../api';

export function PainelConciliacaoPage() {
  const { titulo } = useRotaAtual();
  const navegar = useNavigate();
  const hoje = hojeNaZona(ZONA_PADRAO);
  const contas = useQuery({ queryKey: ['contas-correntes-ativas'], queryFn: listarContas });
  const conciliaveis = (contas.data ?? []).filter((c) => c.utilizaConciliacao);
  const [contaId, setContaId] = useState<number | null>(null);
  const [de, setDe] = useState(dataBr(`${hoje.slice(0, 8)}01`));
  const [ate, setAte] = useState(dataBr(hoje));
  const conta = conciliaveis.find((c) => c.id === contaId) ?? conciliaveis[0];
  const inicio = lerDataBr(de);
  const fim = lerDataBr(ate);
  const erroPeriodo =
    inicio && fim && fim < inicio
      ? MSG_CONCILIACAO.fimAntes
      : inicio && fim && somarDias(inicio, MAX_DIAS_CONCILIACAO - 1) < fim
        ? MSG_CONCILIACAO.periodoLongo
        : undefined;
  const valido = !!conta && !!inicio && !!fim && !erroPeriodo;
  const resumo = useQuery({
    queryKey: ['conciliacao', conta?.id, inicio, fim],
    queryFn: () => painelConciliacao(conta!.id, inicio!, fim!),
    enabled: valido,
  });
  const r = resumo.data;
  const falha = resumo.error ? falhaDaApi(resumo.error) : null;
  const cartao = (rotulo: string, valor: string, cy: string) => (
    <Paper withBorder p="sm">
      <Text fz="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text fw={600} data-cy={cy}>
        {valor}
      </Text>
    </Paper>
  );
  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      {contas.data && !conciliaveis.length && (
        <Alert color="yellow">
          Nenhuma conta corrente sua utiliza conciliação (marque “Utiliza conciliação” no cadastro da conta).
        </Alert>
      )}
      <Grid align="flex-end">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Select
            label="Conta corrente"
            allowDeselect={false}
            data={conciliaveis.map((c) => ({ value: String(c.id), label: c.descricao }))}
            value={conta ? String(conta.id) : null}
            onChange={(v) => setContaId(v ? Number(v) : null)}
            data-cy="conc-conta"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label="De"
            placeholder="dd/mm/aaaa"
            value={de}
            onChange={(e) => setDe(e.currentTarget.value)}
            data-cy="conc-de"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label="Até"
            placeholder="dd/mm/aaaa"
            value={ate}
            onChange={(e) => setAte(e.currentTarget.value)}
            error={erroPeriodo}
            data-cy="conc-ate"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Button
            fullWidth
            disabled={!valido}
            onClick={() =>
              navegar(`/conciliacaoContaCorrente/conciliar?conta=${conta!.id}&inicio=${inicio}&fim=${fim}`)
            }
            data-cy="conc-ir"
          >
            Conciliar
          </Button>
        </Grid.Col>
      </Grid>
      {falha && <Alert color="red">{[falha.message, ...falha.reasons].join(' ')}</Alert>}
      {r && (
        <SimpleGrid cols={{ base: 2, md: 5 }} data-cy="conc-resumo">
          {cartao('Linhas do extrato pendentes', String(r.linhas.length), 'conc-linhas')}
          {cartao('Lançamentos pendentes', String(r.lancamentos.length), 'conc-lancamentos')}
          {cartao(`Saldo do sistema em ${dataBr(r.fim)}`, formatarDinheiro(r.saldoSistema), 'conc-saldo-sistema')}
          {cartao(
            r.dataSaldoExtrato ? `Saldo do extrato em ${dataBr(r.dataSaldoExtrato)}` : 'Saldo do extrato',
            r.saldoExtrato ? formatarDinheiro(r.saldoExtrato) : '—',
            'conc-saldo-extrato',
          )}
          {cartao('Diferença', r.diferenca ? formatarDinheiro(r.diferenca) : '—', 'conc-diferenca')}
        </SimpleGrid>
      )}
    </Stack>
  );
}
