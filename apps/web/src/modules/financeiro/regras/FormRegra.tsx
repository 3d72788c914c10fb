/**
 * The reconciliation rule's form: conditions on a statement line (memo contains / starts with / regex, amount
 * range, sign, account, weekdays) → an action (generate an entry with a histórico and a complemento template, or
 * match an entry of an origin within a window), priority and auto-confirm. "Prévia (90 dias)" runs the save as a
 * preview (`?previa=true`: nothing kept) and lists the pending lines the rule would take.
 */
import {
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  comandoAlterarRegra,
  comandoIncluirRegra,
  dataBr,
  formatarDinheiro,
  ORIGENS_LANCAMENTO,
  type PreviaRegra,
  type RegraConciliacao,
  ROTULO_ORIGEM,
} from '@retaguarda/domain';
import { useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { decimalDoTexto } from '../../../lib/formato';
import { toast } from '../../../lib/toasts';
import type { ContaResumo } from '../api';

const DIAS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];
const textoDe = (v: string | null) => (v ? v.replace('.', ',') : '');

interface Props {
  inicial: RegraConciliacao;
  contas: ContaResumo[];
  historicos: { id: number; codigo: number; descricao: string; natureza: string }[];
  aoSair: (salvou: boolean) => void | Promise<void>;
}

export function FormRegra({ inicial, contas, historicos, aoSair }: Props) {
  const [r, setR] = useState<RegraConciliacao>(inicial);
  const [min, setMin] = useState(textoDe(inicial.condicoes.valorMinimo));
  const [max, setMax] = useState(textoDe(inicial.condicoes.valorMaximo));
  const [previa, setPrevia] = useState<PreviaRegra | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const incluir = useComando(comandoIncluirRegra);
  const alterar = useComando(comandoAlterarRegra);
  const c = r.condicoes;
  const cond = (m: Partial<RegraConciliacao['condicoes']>) => setR({ ...r, condicoes: { ...c, ...m } });

  const entrada = () => ({
    descricao: r.descricao,
    contaCorrenteId: r.contaCorrenteId,
    prioridade: r.prioridade,
    ativo: r.ativo,
    confirmarAutomatico: r.confirmarAutomatico,
    condicoes: {
      ...c,
      valorMinimo: min ? (decimalDoTexto(min) ?? min) : null,
      valorMaximo: max ? (decimalDoTexto(max) ?? max) : null,
    },
    acao: r.acao,
  });
  async function enviar(soPrevia: boolean) {
    setErros({});
    try {
      const e = entrada();
      const resposta =
        r.id === null
          ? await (soPrevia ? incluir.previa : incluir.executar)(e as never)
          : await (soPrevia ? alterar.previa : alterar.executar)({ ...e, id: r.id } as never);
      if (soPrevia) {
        setPrevia(resposta.previa);
        return;
      }
      toast({ type: 'success', title: 'Sucesso', message: `Regra "${r.descricao}" salva.` });
      await aoSair(true);
    } catch (err) {
      const f = falhaDaApi(err);
      if (f.erros.length) setErros(Object.fromEntries(f.erros.map((x) => [x.campo, x.mensagem])));
      else toast(toastDeErro(err, { entidade: 'regra de conciliação' }));
    }
  }
  const erro = (campo: string) => erros[campo];

  return (
    <Stack gap="sm" data-cy="regra-form">
      <Title order={1} fz={22} fw={600}>
        {r.id === null ? 'Nova regra de conciliação' : `Regra: ${inicial.descricao}`}
      </Title>
      {Object.keys(erros).length > 0 && <Alert color="red">{[...new Set(Object.values(erros))].join(' ')}</Alert>}
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput
            label="Descrição"
            required
            value={r.descricao}
            onChange={(e) => setR({ ...r, descricao: e.currentTarget.value })}
            error={erro('descricao')}
            data-cy="regra-descricao"
          />
          <Select
            label="Conta corrente"
            data={[
              { value: '', label: 'Todas as contas' },
              ...contas.map((x) => ({ value: String(x.id), label: x.descricao })),
            ]}
            value={r.contaCorrenteId === null ? '' : String(r.contaCorrenteId)}
            onChange={(v) => setR({ ...r, contaCorrenteId: v ? Number(v) : null })}
            error={erro('contaCorrenteId')}
          />
          <NumberInput
            label="Prioridade (menor primeiro)"
            min={0}
            max={9999}
            value={r.prioridade}
            onChange={(v) => setR({ ...r, prioridade: Number(v) || 0 })}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          Quando a linha do extrato…
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput
            label="Histórico contém"
            value={c.memoContem ?? ''}
            onChange={(e) => cond({ memoContem: e.currentTarget.value || null })}
            error={erro('condicoes.memoContem') ?? erro('condicoes')}
          />
          <TextInput
            label="Histórico começa com"
            value={c.memoComecaCom ?? ''}
            onChange={(e) => cond({ memoComecaCom: e.currentTarget.value || null })}
            data-cy="regra-comeca"
          />
          <TextInput
            label="Expressão regular"
            value={c.memoRegex ?? ''}
            onChange={(e) => cond({ memoRegex: e.currentTarget.value || null })}
            error={erro('condicoes.memoRegex')}
          />
          <TextInput
            label="Valor mínimo (R$)"
            placeholder="0,00"
            value={min}
            onChange={(e) => setMin(e.currentTarget.value)}
            error={erro('condicoes.valorMinimo')}
          />
          <TextInput
            label="Valor máximo (R$)"
            placeholder="0,00"
            value={max}
            onChange={(e) => setMax(e.currentTarget.value)}
            error={erro('condicoes.valorMaximo')}
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              Sinal
            </Text>
            <SegmentedControl
              data={[
                { value: 'AMBOS', label: 'Ambos' },
                { value: 'CREDITO', label: 'Crédito' },
                { value: 'DEBITO', label: 'Débito' },
              ]}
              value={c.sinal}
              onChange={(v) => cond({ sinal: v as typeof c.sinal })}
            />
            {erro('condicoes.sinal') && (
              <Text c="red" fz="xs">
                {erro('condicoes.sinal')}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        <Text fz="sm" fw={500} mt="sm" mb={4}>
          Dias da semana (nenhum: todos)
        </Text>
        <Chip.Group
          multiple
          value={(c.diasSemana ?? []).map(String)}
          onChange={(v) => cond({ diasSemana: v.length ? v.map(Number).sort() : null })}
        >
          <Group gap={6}>
            {DIAS.map((d, i) => (
              <Chip key={d} value={String(i)} size="xs">
                {d}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Paper>
      <Paper withBorder p="sm">
        <Text fw={600} mb="xs">
          …então
        </Text>
        <SegmentedControl
          mb="sm"
          data={[
            { value: 'GERAR_LANCAMENTO', label: 'Gerar lançamento' },
            { value: 'CONCILIAR', label: 'Conciliar com lançamento existente' },
          ]}
          value={r.acao.tipo}
          onChange={(v) =>
            setR({
              ...r,
              acao:
                v === 'CONCILIAR'
                  ? { tipo: 'CONCILIAR', origem: 'TITULO_RECEBER', janelaDias: 3 }
                  : { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 0, complemento: '{memo}' },
            })
          }
        />
        {r.acao.tipo === 'GERAR_LANCAMENTO' ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Select
              label="Histórico padrão"
              required
              searchable
              data={historicos.map((h) => ({ value: String(h.id), label: `${h.codigo} - ${h.descricao}` }))}
              value={r.acao.historicoPadraoId ? String(r.acao.historicoPadraoId) : null}
              onChange={(v) =>
                setR({
                  ...r,
                  acao: {
                    tipo: 'GERAR_LANCAMENTO',
                    historicoPadraoId: Number(v),
                    complemento: (r.acao as { complemento: string | null }).complemento,
                  },
                })
              }
              error={erro('acao.historicoPadraoId')}
              data-cy="regra-historico"
            />
            <TextInput
              label="Complemento"
              description="{memo}, {documento}, {data} e {valor} vêm da linha do extrato"
              value={r.acao.complemento ?? ''}
              onChange={(e) =>
                setR({
                  ...r,
                  acao: {
                    ...(r.acao as { tipo: 'GERAR_LANCAMENTO'; historicoPadraoId: number }),
                    complemento: e.currentTarget.value || null,
                  },
                })
              }
            />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Select
              label="Origem do lançamento"
              data={ORIGENS_LANCAMENTO.map((o) => ({ value: o, label: ROTULO_ORIGEM[o] }))}
              value={r.acao.origem}
              onChange={(v) =>
                setR({
                  ...r,
                  acao: { ...(r.acao as { tipo: 'CONCILIAR'; janelaDias: number }), origem: v ?? 'MANUAL' },
                })
              }
            />
            <NumberInput
              label="Janela (dias, para mais ou para menos)"
              min={0}
              max={15}
              value={r.acao.janelaDias}
              onChange={(v) =>
                setR({
                  ...r,
                  acao: { ...(r.acao as { tipo: 'CONCILIAR'; origem: string }), janelaDias: Number(v) || 0 },
                })
              }
            />
          </SimpleGrid>
        )}
        <Group mt="sm">
          <Switch
            label="Confirmar automaticamente quando exata (na importação)"
            checked={r.confirmarAutomatico}
            onChange={(e) => setR({ ...r, confirmarAutomatico: e.currentTarget.checked })}
          />
          <Switch label="Ativa" checked={r.ativo} onChange={(e) => setR({ ...r, ativo: e.currentTarget.checked })} />
        </Group>
      </Paper>
      {previa && (
        <Paper withBorder p="sm" data-cy="regra-previa">
          <Text fw={600} mb="xs">
            Prévia de {dataBr(previa.inicio)} a {dataBr(previa.fim)}: {previa.total} linha(s) pendente(s);{' '}
            {previa.lancamentosCriados} lançamento(s) seriam criados.
          </Text>
          <Table fz="sm" striped>
            <Table.Tbody>
              {previa.linhas.map((l) => (
                <Table.Tr key={l.linhaId}>
                  <Table.Td>{dataBr(l.data)}</Table.Td>
                  <Table.Td>{l.descricao ?? '—'}</Table.Td>
                  <Table.Td ta="right" c={l.valor.startsWith('-') ? 'red.7' : undefined}>
                    {formatarDinheiro(l.valor)}
                  </Table.Td>
                  <Table.Td>
                    {l.acao === 'GERAR_LANCAMENTO'
                      ? `gera: ${l.complemento ?? ''}`
                      : `concilia com o lançamento ${l.lancamentoId}${l.exata ? '' : ' (há outros candidatos)'}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void aoSair(false)}>
          Cancelar
        </Button>
        <Button variant="light" onClick={() => void enviar(true)} data-cy="regra-previa-botao">
          Prévia (90 dias)
        </Button>
        <Button onClick={() => void enviar(false)} data-cy="regra-salvar">
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
