/**
 * /monitoramentoDocumentos/informacoesCupom?chave= (domain §3.8 informacoesCupom): one NFC-e — header, the
 * items with NCM/CFOP/CST-CSOSN and rates, payments, consumer, the QR code URL and the SEFAZ events
 * timeline; XML download and the 80 mm DANFE to reprint. The SEFAZ actions mount in the header's slot.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconFileCode, IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { salvarBlob } from '../../../lib/download';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { formatarDinheiro } from '../../../lib/formato';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { EspacoAcoesSefaz } from './EspacoAcoesSefaz';
import {
  chaveEmGrupos,
  corStatus,
  dataHoraLocal,
  formatarCnpj,
  formatarCpf,
  percentual,
  STATUS_SINGULAR,
} from './formato-nfce';
import { baixarDocumento, detalheNfce } from './nfce.api';

const TIPO_EVENTO: Record<string, string> = {
  EMISSAO: 'Emissão (enviada pelo PDV)',
  CONSULTA: 'Consulta à SEFAZ',
  REENVIO: 'Reenvio',
  CANCELAMENTO: 'Cancelamento',
  INUTILIZACAO: 'Inutilização',
  CONTINGENCIA: 'Contingência',
  FALHA: 'Falha de comunicação',
};

function Campo({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text fz="sm" fw={500} component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

export function InformacoesCupomPage() {
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const { search } = useLocation();
  const qc = useQueryClient();
  const chave = new URLSearchParams(search).get('chave') ?? '';
  const q = useQuery({
    queryKey: ['nfce-detalhe', chave],
    queryFn: () => detalheNfce(chave),
    enabled: !!chave,
    retry: false,
  });
  const voltar = () => {
    const p = new URLSearchParams(search);
    p.delete('chave');
    const s = p.toString();
    navigate({ pathname: '/monitoramentoDocumentos', search: s ? `?${s}` : '' });
  };
  const baixar = async (tipo: 'xml' | 'danfe') => {
    try {
      const blob = await baixarDocumento(chave, tipo);
      if (tipo === 'xml') salvarBlob(blob, `${chave}-nfce.xml`);
      else window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch (e) {
      toast(toastDeErro(e));
    }
  };

  const cabecalho = (
    <Group justify="space-between" align="flex-end">
      <Group gap="xs">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={voltar} data-cy="voltar">
          Voltar
        </Button>
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
      </Group>
      {q.data && (
        <Group gap="xs">
          <EspacoAcoesSefaz
            contexto={{
              tela: 'cupom',
              detalhe: q.data,
              aoConcluir: () => void qc.invalidateQueries({ queryKey: ['nfce-detalhe', chave] }),
            }}
          />
          <Button
            variant="default"
            leftSection={<IconFileCode size={16} />}
            onClick={() => baixar('xml')}
            disabled={!q.data.documento.temXml}
            title={q.data.documento.temXml ? undefined : 'O PDV não enviou o XML desta nota.'}
            data-cy="baixar-xml"
          >
            XML
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => baixar('danfe')}
            data-cy="danfe"
          >
            DANFE
          </Button>
        </Group>
      )}
    </Group>
  );
  if (!chave || q.error)
    return (
      <Stack gap="sm">
        {cabecalho}
        <Alert color="red" data-cy="erro-cupom">
          {chave
            ? falhaDaApi(q.error).message || 'Não foi possível abrir o documento.'
            : 'Informe a chave do documento.'}
        </Alert>
      </Stack>
    );
  if (!q.data)
    return (
      <Stack gap="sm">
        {cabecalho}
        <Text c="dimmed">Carregando…</Text>
      </Stack>
    );
  const { documento: d, emitente, consumidor, itens, pagamentos, eventos } = q.data;
  return (
    <Stack gap="sm">
      {cabecalho}
      <Card withBorder radius="md" data-cy="cabecalho-cupom">
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <Text fw={700} fz="lg">
              NFC-e {d.numero ?? '—'} · Série {d.serie ?? '—'}
            </Text>
            <Badge color={corStatus(d.status)} variant="filled" data-cy="status-cupom">
              {STATUS_SINGULAR[d.status]}
            </Badge>
            {d.tpEmis === 9 && <Badge color="orange">Contingência off-line</Badge>}
            {d.ambiente === 2 && (
              <Badge color="gray" variant="outline">
                Homologação
              </Badge>
            )}
          </Group>
          <Text fz="lg" fw={700}>
            {formatarDinheiro(d.valorTotal)}
          </Text>
        </Group>
        {d.cStat !== null && d.status !== 'AUTORIZADA' && (
          <Alert color={corStatus(d.status)} mb="sm" data-cy="retorno-sefaz">
            <b>{d.cStat}</b> – {d.xMotivo}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <Campo rotulo="Loja">
            {d.loja} · {emitente.fantasia}
          </Campo>
          <Campo rotulo="CNPJ do emitente">{formatarCnpj(emitente.cnpj)}</Campo>
          <Campo rotulo="Emissão (horário da loja)">{dataHoraLocal(d.dataEmissao, true)}</Campo>
          <Campo rotulo="Caixa / operador">
            {d.numeroCaixa ?? '—'}
            {d.operador ? ` · ${d.operador}` : ''}
          </Campo>
          <Campo rotulo="Protocolo">{d.protocolo}</Campo>
          <Campo rotulo="Autorização">
            {/* without it the cancel deadline counts from the upload: say why the time is missing */}
            {d.autorizadoEm ? dataHoraLocal(d.autorizadoEm, true) : d.protocolo ? 'Hora não informada pelo PDV' : ''}
          </Campo>
          <Campo rotulo="Tentativas de envio">{String(d.tentativas)}</Campo>
          <Campo rotulo="Cupom (sequencial)">{d.sequencial === null ? '' : String(d.sequencial)}</Campo>
        </SimpleGrid>
        <Stack gap={2} mt="sm">
          <Text fz="xs" c="dimmed">
            Chave de acesso
          </Text>
          <Text ff="monospace" fz="sm" data-cy="chave-cupom">
            {chaveEmGrupos(d.chave)}
          </Text>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Card withBorder radius="md">
          <Title order={2} fz="md" mb="xs">
            Consumidor
          </Title>
          <Text fz="sm" data-cy="consumidor">
            {consumidor.cpf ? `CPF ${formatarCpf(consumidor.cpf)}` : 'Consumidor não identificado'}
            {consumidor.nome ? ` · ${consumidor.nome}` : ''}
          </Text>
          <Title order={2} fz="md" mt="sm" mb="xs">
            QR code
          </Title>
          {d.qrCodeUrl ? (
            <Anchor
              href={d.qrCodeUrl}
              target="_blank"
              rel="noopener noreferrer"
              fz="xs"
              style={{ wordBreak: 'break-all' }}
              data-cy="qrcode-url"
            >
              {d.qrCodeUrl}
            </Anchor>
          ) : (
            <Text fz="sm" c="dimmed">
              —
            </Text>
          )}
        </Card>
        <Card withBorder radius="md">
          <Title order={2} fz="md" mb="xs">
            Pagamentos
          </Title>
          <Table fz="sm" data-cy="pagamentos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Forma</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
                <Table.Th ta="right">Troco</Table.Th>
                <Table.Th>Bandeira / NSU</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pagamentos.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {p.formaPagamento}
                    {p.tipoPagamento ? ` (tPag ${p.tipoPagamento})` : ''}
                    {p.parcelas > 1 ? ` · ${p.parcelas}x` : ''}
                  </Table.Td>
                  {/* an amount never breaks between "R$" and its digits */}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatarDinheiro(p.valor)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatarDinheiro(p.troco)}
                  </Table.Td>
                  <Table.Td>{[p.bandeira, p.nsu].filter(Boolean).join(' / ') || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md">
        <Title order={2} fz="md" mb="xs">
          Itens e tributos
        </Title>
        <Table.ScrollContainer minWidth={1000}>
          <Table striped fz="sm" data-cy="itens-cupom" style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Produto</Table.Th>
                <Table.Th ta="right">Qtde</Table.Th>
                <Table.Th ta="right">Vl unit.</Table.Th>
                <Table.Th ta="right">Vl total</Table.Th>
                <Table.Th>NCM</Table.Th>
                <Table.Th>CEST</Table.Th>
                <Table.Th>CFOP</Table.Th>
                <Table.Th>CST/CSOSN</Table.Th>
                <Table.Th ta="right">ICMS</Table.Th>
                <Table.Th ta="right">Vl ICMS</Table.Th>
                <Table.Th>PIS</Table.Th>
                <Table.Th>COFINS</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {itens.map((i) => (
                <Table.Tr
                  key={i.sequencia}
                  c={i.cancelado ? 'dimmed' : undefined}
                  td={i.cancelado ? 'line-through' : undefined}
                >
                  <Table.Td>{i.sequencia}</Table.Td>
                  <Table.Td>
                    {i.codigo} – {i.descricao}
                  </Table.Td>
                  <Table.Td ta="right">{Number(i.quantidade).toLocaleString('pt-BR')}</Table.Td>
                  <Table.Td ta="right">{formatarDinheiro(i.valorUnitario)}</Table.Td>
                  <Table.Td ta="right">{formatarDinheiro(i.valorTotal)}</Table.Td>
                  <Table.Td ff="monospace">{i.ncm ?? '—'}</Table.Td>
                  <Table.Td ff="monospace">{i.cest ?? '—'}</Table.Td>
                  <Table.Td ff="monospace">{i.cfop ?? '—'}</Table.Td>
                  <Table.Td ff="monospace">
                    {i.origem ?? ''}
                    {i.cst ?? i.csosn ?? '—'}
                  </Table.Td>
                  <Table.Td ta="right">{percentual(i.aliquotaIcms)}</Table.Td>
                  <Table.Td ta="right">{i.valorIcms === null ? '—' : formatarDinheiro(i.valorIcms)}</Table.Td>
                  <Table.Td>
                    {i.cstPis ?? '—'} · {percentual(i.aliquotaPis)}
                  </Table.Td>
                  <Table.Td>
                    {i.cstCofins ?? '—'} · {percentual(i.aliquotaCofins)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      <Card withBorder radius="md">
        <Title order={2} fz="md" mb="sm">
          Eventos
        </Title>
        <Timeline active={eventos.length - 1} bulletSize={14} lineWidth={2} data-cy="eventos">
          {eventos.map((e) => (
            <Timeline.Item key={e.id} title={TIPO_EVENTO[e.tipo] ?? e.tipo}>
              <Text fz="xs" c="dimmed">
                {dataHoraLocal(e.ocorridoEm, true)}
                {e.usuario ? ` · ${e.usuario}` : ''}
              </Text>
              {(e.cStat !== null || e.xMotivo) && (
                <Text fz="sm">
                  {e.cStat !== null && <b>{e.cStat} </b>}
                  {e.xMotivo}
                </Text>
              )}
              {e.justificativa && <Text fz="sm">Justificativa: {e.justificativa}</Text>}
              {e.protocolo && (
                <Text fz="xs" c="dimmed">
                  Protocolo {e.protocolo}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </Stack>
  );
}
