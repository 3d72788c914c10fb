/**
 * One agreement in the monitoring: its terms, figures and progress, its apurações per store and month (with
 * the lines each used) and its receipts; the actions its status allows (the domain's transition table decides
 * which show): aprovar, apurar (re-runnable), registrar recebimento (partial too, never above the balance),
 * cancelar with a reason, editar.
 */
import {
  Alert,
  Button,
  Group,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type AcaoAcordo,
  type AcordoComercialDetalhe,
  comandoAprovarAcordo,
  comandoApurarAcordo,
  comandoCancelarAcordo,
  comandoReceberAcordo,
  dataBr,
  FORMAS_RECEBIMENTO_ACORDO,
  type FormaRecebimentoAcordo,
  formatarDecimal,
  formatarDinheiro,
  MSG_ACORDO,
  podeAcordo,
  ROTULO_BASE_ACORDO,
  ROTULO_ESCOPO_ACORDO,
  ROTULO_FORMA_RECEBIMENTO,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { moedaDigitada } from '../../../lib/moeda';
import { toast } from '../../../lib/toasts';
import { useSessao } from '../../../servicos/sessao/store';
import { obterAcordo } from './api';
import { CampoDataBr } from '../../../ui/CampoDataBr';
import { mesBr, valorDoAcordo } from './formato';
import { SeloStatusAcordo } from './SeloStatusAcordo';

interface Props {
  id: number;
  hoje: string;
  aoFechar: () => void;
  aoMudar: () => void;
}

/** "2026-03-01T10:20:30…" → "01/03/2026 10:20". */
const dataHoraBr = (t: string) => `${dataBr(t.slice(0, 10))} ${t.slice(11, 16)}`;

const Campo = ({ rotulo, children }: { rotulo: string; children: React.ReactNode }) => (
  <div>
    <Text fz="xs" c="dimmed">
      {rotulo}
    </Text>
    <Text fz="sm" fw={500}>
      {children}
    </Text>
  </div>
);

export function DetalheAcordo({ id, hoje, aoFechar, aoMudar }: Props) {
  const navigate = useNavigate();
  const usuario = useSessao((s) => s.usuario);
  const siglas = new Map((usuario?.lojasUsuario ?? []).map((l) => [l.id, l.sigla]));
  const podeEditar = (usuario?.permissoes ?? []).includes('PERM_MONITORAMENTO_ACORDO_COMERCIAL_EDITAR');
  const detalhe = useQuery({ queryKey: ['acordos', 'detalhe', id], queryFn: () => obterAcordo(id) });
  const aprovar = useComando(comandoAprovarAcordo);
  const apurar = useComando(comandoApurarAcordo);
  const receber = useComando(comandoReceberAcordo);
  const cancelar = useComando(comandoCancelarAcordo);
  const [painel, setPainel] = useState<'receber' | 'cancelar' | null>(null);
  const [data, setData] = useState(hoje);
  const [valor, setValor] = useState('');
  const [forma, setForma] = useState<FormaRecebimentoAcordo | null>(null);
  const [documento, setDocumento] = useState('');
  const [motivo, setMotivo] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const a = detalhe.data;
  const pode = (acao: AcaoAcordo) => !!a && podeEditar && 'ok' in podeAcordo(a.status, acao);

  async function agir(fazer: () => Promise<AcordoComercialDetalhe>, mensagem: string) {
    setErros({});
    try {
      await fazer();
      toast({ type: 'success', title: 'Sucesso', message: mensagem });
      setPainel(null);
      await detalhe.refetch();
      aoMudar();
    } catch (e) {
      const f = falhaDaApi(e);
      if (f?.erros?.length) setErros(Object.fromEntries(f.erros.map((x) => [x.campo, x.mensagem])));
      else toast(toastDeErro(e, { entidade: MSG_ACORDO.entidade }));
    }
  }

  const registrar = () => {
    const v = moedaDigitada(valor);
    if (!v) {
      setErros({ valor: 'Informe o valor recebido.' });
      return;
    }
    void agir(
      () => receber.executar({ id, data, valor: v, forma, documento: documento || null }),
      `Recebimento de ${formatarDinheiro(v)} registrado.`,
    );
  };

  return (
    <Modal opened onClose={aoFechar} size="80rem" title={a ? `Acordo ${a.numero} · ${a.parceiro}` : 'Acordo'}>
      {a && (
        <Stack gap="sm" data-cy="acordo-detalhe">
          <Group justify="space-between">
            <Group gap="xs">
              <SeloStatusAcordo status={a.status} />
              <Text fz="sm">
                {a.tipoAcordo}
                {a.descricao ? ` · ${a.descricao}` : ''}
              </Text>
            </Group>
            {a.motivoCancelamento && (
              <Text fz="sm" c="red">
                Cancelado: {a.motivoCancelamento}
              </Text>
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
            <Campo rotulo="Base">{ROTULO_BASE_ACORDO[a.base]}</Campo>
            <Campo rotulo="Valor">{valorDoAcordo(a)}</Campo>
            <Campo rotulo="Escopo">{ROTULO_ESCOPO_ACORDO[a.escopoTipo]}</Campo>
            <Campo rotulo="Lojas">{a.lojas.map((l) => siglas.get(l) ?? l).join(', ')}</Campo>
            <Campo rotulo="Vigência">
              {dataBr(a.vigenciaInicio)} a {dataBr(a.vigenciaFim)}
            </Campo>
            <Campo rotulo="Vencimento">{dataBr(a.dataVencimento)}</Campo>
            <Campo rotulo="Previsto">{formatarDinheiro(a.valorPrevisto)}</Campo>
            <Campo rotulo="Apurado">
              <span data-cy="acordo-apurado">{formatarDinheiro(a.valorApurado)}</span>
            </Campo>
            <Campo rotulo="Recebido">{formatarDinheiro(a.valorRecebido)}</Campo>
            <Campo rotulo="Saldo">
              <span data-cy="acordo-saldo">{formatarDinheiro(a.saldo)}</span>
            </Campo>
          </SimpleGrid>
          {a.faixas.length > 0 && (
            <Group gap="sm" data-cy="acordo-meta">
              <Text fz="sm">
                Metas ({a.metaTipo === 'VALOR' ? 'R$' : 'unidades'}):{' '}
                {a.faixas
                  .map(
                    (f, i) =>
                      `${i + 1}ª ${a.metaTipo === 'VALOR' ? formatarDinheiro(f.meta) : formatarDecimal(f.meta, 0)} → ${valorDoAcordo(a, f.valor)}`,
                  )
                  .join(' · ')}
                {a.faixaAtingida ? ` · atingida: ${a.faixaAtingida}ª` : ''}
              </Text>
              {a.progressoMeta !== null && <Progress value={a.progressoMeta} w={160} />}
            </Group>
          )}
          <Group gap="xs">
            {pode('aprovar') && (
              <Button
                onClick={() => agir(() => aprovar.executar({ id }), 'Acordo aprovado: vigente.')}
                loading={aprovar.enviando}
                data-cy="acordo-aprovar"
              >
                Aprovar
              </Button>
            )}
            {pode('apurar') && (
              <Button
                onClick={() => agir(() => apurar.executar({ id }), 'Apuração concluída.')}
                loading={apurar.enviando}
                data-cy="acordo-apurar"
              >
                Apurar
              </Button>
            )}
            {pode('receber') && (
              <Button variant="light" onClick={() => setPainel('receber')} data-cy="acordo-receber">
                Registrar recebimento
              </Button>
            )}
            {pode('editar') && (
              <Button
                variant="default"
                onClick={() => navigate(`/acordosComerciais/cadastroAcordosComerciais/${id}`)}
                data-cy="acordo-editar"
              >
                Editar
              </Button>
            )}
            {pode('cancelar') && (
              <Button variant="subtle" color="red" onClick={() => setPainel('cancelar')} data-cy="acordo-cancelar">
                Cancelar acordo
              </Button>
            )}
          </Group>
          {painel === 'receber' && (
            <Group align="flex-start" data-cy="acordo-recebimento">
              <CampoDataBr label="Data" w={140} valor={data} mudar={setData} erro={erros.data} />
              <TextInput
                label="Valor (R$)"
                w={160}
                placeholder={formatarDinheiro(a.saldo)}
                value={valor}
                onChange={(e) => setValor(e.currentTarget.value)}
                onKeyDown={(e) => e.key === 'Enter' && registrar()}
                error={erros.valor}
                data-cy="recebimento-valor"
                autoFocus
              />
              <Select
                label="Forma"
                w={240}
                data={FORMAS_RECEBIMENTO_ACORDO.map((f) => ({ value: f, label: ROTULO_FORMA_RECEBIMENTO[f] }))}
                value={forma ?? a.formaRecebimento}
                onChange={(v) => setForma(v as FormaRecebimentoAcordo | null)}
              />
              <TextInput
                label="Documento"
                w={160}
                value={documento}
                onChange={(e) => setDocumento(e.currentTarget.value)}
              />
              <Button mt={25} onClick={registrar} loading={receber.enviando} data-cy="recebimento-confirmar">
                Registrar
              </Button>
            </Group>
          )}
          {painel === 'cancelar' && (
            <Group align="flex-start" data-cy="acordo-cancelamento">
              <TextInput
                label="Motivo do cancelamento"
                w={420}
                value={motivo}
                onChange={(e) => setMotivo(e.currentTarget.value)}
                error={erros.motivo}
                autoFocus
              />
              <Button
                mt={25}
                color="red"
                onClick={() => agir(() => cancelar.executar({ id, motivo }), 'Acordo cancelado.')}
                loading={cancelar.enviando}
                data-cy="cancelamento-confirmar"
              >
                Cancelar acordo
              </Button>
            </Group>
          )}
          <Text fw={600} fz="sm">
            Apuração por loja e mês
            {a.apuradoEm ? ` (apurado em ${dataHoraBr(String(a.apuradoEm))})` : ''}
          </Text>
          {a.apuracoes.length ? (
            <Table withTableBorder striped fz="sm" data-cy="acordo-apuracoes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Loja</Table.Th>
                  <Table.Th>Mês</Table.Th>
                  <Table.Th ta="right">{a.base === 'SELL_IN' ? 'Compras (R$)' : 'Vendas (R$)'}</Table.Th>
                  <Table.Th ta="right">Unidades</Table.Th>
                  <Table.Th ta="right">Apurado</Table.Th>
                  <Table.Th ta="right">Produtos</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.apuracoes.map((x) => (
                  <Table.Tr key={`${x.lojaId}-${x.mes}`}>
                    <Table.Td>{siglas.get(x.lojaId) ?? x.lojaId}</Table.Td>
                    <Table.Td>{mesBr(x.mes)}</Table.Td>
                    <Table.Td ta="right">{formatarDinheiro(x.baseValor)}</Table.Td>
                    <Table.Td ta="right">{formatarDecimal(x.baseQuantidade, 0)}</Table.Td>
                    <Table.Td ta="right">{formatarDinheiro(x.valorApurado)}</Table.Td>
                    <Table.Td ta="right">{x.linhas}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Alert color="gray">
              {a.apuradoEm ? 'Nenhuma compra ou venda no escopo do acordo.' : 'Ainda não apurado.'}
            </Alert>
          )}
          <Text fw={600} fz="sm">
            Recebimentos
          </Text>
          {a.recebimentos.length ? (
            <Table withTableBorder striped fz="sm" data-cy="acordo-recebimentos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Forma</Table.Th>
                  <Table.Th>Documento</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.recebimentos.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{dataBr(r.data)}</Table.Td>
                    <Table.Td>{ROTULO_FORMA_RECEBIMENTO[r.forma]}</Table.Td>
                    <Table.Td>{r.documento ?? ''}</Table.Td>
                    <Table.Td ta="right">{formatarDinheiro(r.valor)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text fz="sm" c="dimmed">
              Nenhum recebimento.
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
