/**
 * /monitoramentoDePedido/detalhesPedidoVenda/:id: one order — header, items with the store's stock
 * (balance, reserved, available) and their inconsistencies (fixed item by item), payments, delivery address,
 * driver, the history of moves — with its next move, refuse, cancel and print.
 */
import { Alert, Badge, Button, Card, Grid, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  acaoSeguinte,
  formatarDinheiro,
  MSG_PEDIDO,
  ROTULO_ACAO_PEDIDO,
  ROTULO_CANAL_PEDIDO,
  ROTULO_ETAPA_PEDIDO,
} from '@retaguarda/domain';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toastDeErro } from '../../../lib/erros';
import { formatarDataHora } from '../../../lib/formato';
import { toast } from '../../../lib/toasts';
import { useSessao } from '../../../servicos/sessao/store';
import { entregasWebhook, listarCondutores, obterPedido } from './api';
import { CancelarPedido } from './CancelarPedido';
import { ItensDoPedido } from './ItensDoPedido';
import { COR_ETAPA, moverPedido } from './movimento';
import { useReiniciarAoSair } from './vista';

function Campo({ rotulo, valor }: { rotulo: string; valor: string | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text fz="sm">{valor || '—'}</Text>
    </Stack>
  );
}

export function PedidoDetalhesPage() {
  useReiniciarAoSair();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const podeEditar = useSessao((s) => s.usuario?.permissoes ?? []).includes('PERM_PEDIDO_VENDA_EDITAR');
  const detalhe = useQuery({ queryKey: ['pedido', id], queryFn: () => obterPedido(id), enabled: id > 0 });
  const p = detalhe.data;
  const [cancelando, setCancelando] = useState<'cancelar' | 'recusar' | null>(null);
  const [condutor, setCondutor] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const proxima = p
    ? acaoSeguinte({ etapa: p.etapa, retiradaNaLoja: p.retiradaNaLoja, inconsistente: p.itensInconsistentes > 0 })
    : null;
  const condutores = useQuery({
    queryKey: ['condutores'],
    queryFn: listarCondutores,
    enabled: proxima === 'despachar',
  });
  const entregas = useQuery({
    queryKey: ['pedido', id, 'entregas'],
    queryFn: () => entregasWebhook(id),
    enabled: id > 0,
  });
  const recarregar = () => {
    void qc.invalidateQueries({ queryKey: ['pedido', id] });
    void qc.invalidateQueries({ queryKey: ['pedidos'] });
  };

  const avancar = async () => {
    if (!p || !proxima) return;
    setEnviando(true);
    try {
      const r = await moverPedido(
        p,
        proxima,
        proxima === 'despachar' ? { condutorId: condutor ? Number(condutor) : null } : {},
      );
      toast({ type: 'success', title: 'Sucesso', message: MSG_PEDIDO.movido(r.numero, r.etapa) });
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_PEDIDO.entidade }));
    } finally {
      setEnviando(false);
      recarregar();
    }
  };

  if (!p) return <Text c="dimmed">{detalhe.isError ? MSG_PEDIDO.naoEncontrado : 'Carregando…'}</Text>;
  const aberto = p.etapa !== 'CONCLUIDO' && p.etapa !== 'CANCELADO';
  const e = p.enderecoEntrega;

  return (
    <Stack gap="sm" data-cy="pedido-detalhes">
      <Group justify="space-between" className="nao-imprimir">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => navigate('/monitoramentoDePedido')}
          data-cy="voltar"
        >
          Monitoramento de pedidos
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
            data-cy="imprimir"
          >
            Imprimir
          </Button>
          {podeEditar && p.etapa === 'NOVO' && (
            <Button variant="subtle" color="red" onClick={() => setCancelando('recusar')} data-cy="recusar">
              Recusar
            </Button>
          )}
          {podeEditar && aberto && (
            <Button variant="light" color="red" onClick={() => setCancelando('cancelar')} data-cy="cancelar">
              Cancelar pedido
            </Button>
          )}
          {podeEditar && proxima === 'despachar' && (
            <Select
              placeholder="Condutor (opcional)"
              data={(condutores.data ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
              value={condutor}
              onChange={setCondutor}
              clearable
              w={220}
              aria-label="Condutor"
              data-cy="condutor"
            />
          )}
          {podeEditar && proxima && (
            <Button
              onClick={avancar}
              loading={enviando}
              disabled={proxima === 'confirmar' && p.itensInconsistentes > 0}
              data-cy="avancar"
            >
              {ROTULO_ACAO_PEDIDO[proxima]}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm">
        <Title order={1} fz={22} fw={600}>
          Pedido {p.numero}
        </Title>
        <Badge variant="light" radius="sm" tt="none" color={COR_ETAPA[p.etapa]} data-cy="pedido-etapa">
          {ROTULO_ETAPA_PEDIDO[p.etapa]}
          {p.etapa === 'CANCELADO' && p.status === 'RECUSADO' ? ' (recusado)' : ''}
        </Badge>
        <Text fw={600} data-cy="pedido-total">
          {formatarDinheiro(p.valorTotal)}
        </Text>
      </Group>
      {p.itensInconsistentes > 0 && (
        <Alert color="red" data-cy="pedido-inconsistente">
          {p.itensInconsistentes === 1
            ? 'Um item não foi reconhecido'
            : `${p.itensInconsistentes} itens não foram reconhecidos`}
          : o pedido fica em Novos até corrigi-los (informe o código do produto em cada item).
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <Campo rotulo="Loja" valor={`${p.lojaSigla}${p.lojaFantasia ? ` - ${p.lojaFantasia}` : ''}`} />
          <Campo rotulo="Canal" valor={ROTULO_CANAL_PEDIDO[p.canal]} />
          <Campo rotulo="Nº externo" valor={p.idExterno} />
          <Campo rotulo="Emissão" valor={formatarDataHora(p.dataEmissao)} />
          <Campo rotulo="Cliente" valor={p.clienteNome} />
          <Campo rotulo="CPF/CNPJ no cupom" valor={p.cpfNoCupom} />
          <Campo rotulo="Previsão de entrega" valor={p.dataPrevisao ? formatarDataHora(p.dataPrevisao) : null} />
          <Campo rotulo="Entrega" valor={p.retiradaNaLoja ? 'Retirada na loja' : 'Entrega no endereço'} />
          <Campo rotulo="Pessoa autorizada a receber" valor={p.pessoaAutorizadaRecebimento} />
          <Campo rotulo="Condutor" valor={p.condutorNome} />
          {p.motivoCancelamento && <Campo rotulo="Motivo do cancelamento" valor={p.motivoCancelamento} />}
          <Campo rotulo="Observação" valor={p.observacao} />
        </SimpleGrid>
      </Card>
      <Title order={2} fz={16} fw={600}>
        Itens
      </Title>
      <ItensDoPedido p={p} podeCorrigir={podeEditar && p.etapa === 'NOVO'} aoCorrigir={recarregar} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Title order={2} fz={16} fw={600} mb={6}>
            Pagamentos
          </Title>
          <Table withTableBorder verticalSpacing={4} data-cy="pedido-pagamentos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Forma</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th ta="right">Parcelas</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
                <Table.Th>Pago</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!p.pagamentos.length && (
                <Table.Tr>
                  <Table.Td colSpan={5} c="dimmed">
                    Nenhum pagamento informado.
                  </Table.Td>
                </Table.Tr>
              )}
              {p.pagamentos.map((g, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: payments keep their order and have no id
                <Table.Tr key={i}>
                  <Table.Td>{g.formaPagamento ?? g.formaPagamentoId}</Table.Td>
                  <Table.Td>{g.dataVencimento ? formatarDataHora(g.dataVencimento) : ''}</Table.Td>
                  <Table.Td ta="right">{g.numeroParcelas}</Table.Td>
                  <Table.Td ta="right">{formatarDinheiro(g.valor)}</Table.Td>
                  <Table.Td>{g.pago ? 'Sim' : 'Não'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fz="sm" mt={6}>
            Despesas: entrega {formatarDinheiro(p.despesas.valorEntrega)} · delivery{' '}
            {formatarDinheiro(p.despesas.valorDelivery)} · outras {formatarDinheiro(p.totalOutrasDespesas)}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Title order={2} fz={16} fw={600} mb={6}>
            Endereço de entrega
          </Title>
          <Text fz="sm" data-cy="pedido-endereco">
            {e
              ? `${[e.logradouro, e.numeroEndereco].filter(Boolean).join(', ')}${e.complemento ? ` - ${e.complemento}` : ''} · ${e.bairro ?? ''} · ${e.municipio ?? ''}/${e.uf ?? ''} · CEP ${e.cep ?? ''}${e.pontoDeReferencia ? ` · ${e.pontoDeReferencia}` : ''}`
              : 'Sem endereço (retirada na loja).'}
          </Text>
        </Grid.Col>
      </Grid>
      <Title order={2} fz={16} fw={600}>
        Histórico
      </Title>
      <Table withTableBorder verticalSpacing={4} data-cy="pedido-historico">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={160}>Quando</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Ação</Table.Th>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Observação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.historico.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, in order
            <Table.Tr key={i}>
              <Table.Td>{formatarDataHora(h.em)}</Table.Td>
              <Table.Td>{ROTULO_ETAPA_PEDIDO[h.etapa]}</Table.Td>
              <Table.Td>{ROTULO_ACAO_HISTORICO[h.acao] ?? h.acao}</Table.Td>
              <Table.Td>{h.usuarioNome ?? 'Integração'}</Table.Td>
              <Table.Td>{h.obs ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!!entregas.data?.length && (
        <>
          <Title order={2} fz={16} fw={600}>
            Envios ao app de delivery
          </Title>
          <Table withTableBorder verticalSpacing={4} data-cy="pedido-entregas-webhook">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={160}>Quando</Table.Th>
                <Table.Th>Situação enviada</Table.Th>
                <Table.Th ta="right">Tentativa</Table.Th>
                <Table.Th>Resposta</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entregas.data.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the log is append-only, in order
                <Table.Tr key={i}>
                  <Table.Td>{formatarDataHora(w.em)}</Table.Td>
                  <Table.Td>{ROTULO_ETAPA_PEDIDO[w.etapa]}</Table.Td>
                  <Table.Td ta="right">{w.tentativa}</Table.Td>
                  <Table.Td c={w.erro ? 'red' : undefined}>{w.erro ?? `Recebido (${w.statusHttp})`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      {cancelando && (
        <CancelarPedido
          pedido={p}
          acao={cancelando}
          aoFechar={() => setCancelando(null)}
          aoConcluir={() => {
            setCancelando(null);
            recarregar();
          }}
        />
      )}
    </Stack>
  );
}

const ROTULO_ACAO_HISTORICO: Record<string, string> = {
  ...ROTULO_ACAO_PEDIDO,
  receber: 'Recebido',
  'corrigir-item': 'Item corrigido',
};
