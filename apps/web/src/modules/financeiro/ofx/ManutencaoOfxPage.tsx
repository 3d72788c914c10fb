/**
 * /manutencaoOfx (domain §2.3): send a bank statement (OFX), see its preview — account found by bank + branch +
 * account (or chosen when none or several match), lines, new, repeated, future, credits and debits — then
 * import it; below, the imports with their status, lines, and deletion while nothing is reconciled. A large file
 * is imported by a job (the server answers with it): its progress shows here ("arquivo em processamento") and
 * its result is the same answer as a direct import.
 */
import { Alert, Badge, Button, Group, Modal, Paper, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  comandoExcluirExtrato,
  dataBr,
  type ExtratoResumo,
  formatarDinheiro,
  type ImportacaoExtrato,
  ROTULO_STATUS_EXTRATO,
  TIPOS_DE_ARQUIVO,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { formatarDataHora } from '../../../lib/formato';
import { useAndamentoDaTarefa } from '../../../lib/tarefas/useAndamentoDaTarefa';
import { toast } from '../../../lib/toasts';
import { usePermissao } from '../../../servicos/sessao/permissao';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { UploadArquivo } from '../../../ui/UploadArquivo';
import type { ErroDeEnvio } from '../../../ui/uploadEnvio';
import { enviarExtrato, linhasDoExtrato, listarContas, listarExtratos } from '../api';

const KIND = TIPOS_DE_ARQUIVO['extrato-bancario'];
const periodo = (i: string | null, f: string | null) => (i && f ? `${dataBr(i)} a ${dataBr(f)}` : '—');
const mensagemDe = (e: unknown) => {
  const x = e as ErroDeEnvio & { reasons?: unknown[] };
  const razoes = (x.reasons ?? []).map((r) => (typeof r === 'string' ? r : (r as { mensagem?: string }).mensagem));
  return [x.message, ...razoes].filter(Boolean).join(' ');
};

export function ManutencaoOfxPage() {
  const { titulo } = useRotaAtual();
  const qc = useQueryClient();
  const podeImportar = usePermissao(['PERM_MANUTENCAO_OFX_INCLUIR', 'PERM_CONCILIACAO_DE_CC_INCLUIR']);
  const podeExcluir = usePermissao(['PERM_MANUTENCAO_OFX_EXCLUIR']);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [previa, setPrevia] = useState<ImportacaoExtrato | null>(null);
  const [conta, setConta] = useState<number | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [importando, setImportando] = useState(false);
  const [vendo, setVendo] = useState<ExtratoResumo | null>(null);
  const [tarefaId, setTarefaId] = useState<string | null>(null);
  const tarefa = useAndamentoDaTarefa(tarefaId, {
    aoEncerrar: (t) => {
      if (t.status === 'CONCLUIDO') avisarImportado(t.resultado as ImportacaoExtrato);
      else setErro(t.erro ?? 'A importação não foi concluída.');
      setTarefaId(null);
      void qc.invalidateQueries({ queryKey: ['extratos-bancarios'] });
    },
  });
  const extratos = useQuery({ queryKey: ['extratos-bancarios'], queryFn: listarExtratos });
  const contas = useQuery({ queryKey: ['contas-correntes-ativas'], queryFn: listarContas });
  const linhas = useQuery({
    queryKey: ['extrato-linhas', vendo?.id],
    queryFn: () => linhasDoExtrato(vendo!.id),
    enabled: !!vendo,
  });
  const excluir = useComando(comandoExcluirExtrato);

  async function previsualizar(f: File, contaCorrenteId: number | null) {
    setErro(null);
    try {
      // a preview is always answered at once (only a confirmed large file becomes a job)
      const r = await enviarExtrato(f, { confirmar: false, contaCorrenteId });
      setPrevia('extratos' in r ? r : null);
    } catch (e) {
      setPrevia(null);
      setErro(mensagemDe(e));
    }
  }

  function avisarImportado(r: ImportacaoExtrato) {
    const novas = r.extratos.reduce((s, e) => s + e.novas + e.futuras, 0);
    toast({
      type: 'success',
      title: 'Sucesso',
      message: novas ? `Extrato importado: ${novas} linha(s) nova(s).` : 'Nada novo: o extrato já estava importado.',
    });
  }

  async function importar() {
    if (!arquivo) return;
    setImportando(true);
    try {
      const r = await enviarExtrato(arquivo, { confirmar: true, contaCorrenteId: conta });
      if ('tarefaId' in r) setTarefaId(r.tarefaId);
      else avisarImportado(r);
      setArquivo(null);
      setPrevia(null);
      setConta(null);
      await qc.invalidateQueries({ queryKey: ['extratos-bancarios'] });
    } catch (e) {
      setErro(mensagemDe(e));
    } finally {
      setImportando(false);
    }
  }

  async function apagar(e: ExtratoResumo) {
    try {
      await excluir.executar({ id: e.id });
      toast({ type: 'success', title: 'Sucesso', message: 'Importação excluída.' });
      await qc.invalidateQueries({ queryKey: ['extratos-bancarios'] });
    } catch (x) {
      toast(toastDeErro(x, { entidade: 'extratos bancários' }));
    }
  }

  const semConta = previa?.extratos.some((e) => e.contaCorrenteId === null) ?? false;
  const opcoesConta = (contas.data ?? []).map((c) => ({ value: String(c.id), label: c.descricao }));

  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      {podeImportar && (
        <Paper withBorder p="sm" data-cy="ofx-envio">
          <Stack gap="xs">
            <UploadArquivo
              rotulo="Arquivo OFX do banco"
              extensoes={KIND.extensoes}
              limiteBytes={KIND.limiteBytes}
              enviar={async (f) => {
                setArquivo(f);
                setConta(null);
                await previsualizar(f, null);
                return null;
              }}
            />
            {tarefaId && (
              <Alert color="blue" title="Arquivo em processamento" data-cy="ofx-tarefa">
                <Text fz="sm" mb={4}>
                  {tarefa?.progresso.fase ?? 'Na fila'}: o extrato é grande e está sendo importado em segundo plano.
                  Você pode sair desta tela; o andamento também aparece em “Arquivos em processamento”.
                </Text>
                <Progress
                  value={tarefa?.progresso.total ? (100 * tarefa.progresso.feito) / tarefa.progresso.total : 5}
                  animated
                  aria-label="Andamento da importação"
                />
              </Alert>
            )}
            {erro && (
              <Alert color="red" data-cy="ofx-erro">
                {erro}
              </Alert>
            )}
            {previa && (
              <Stack gap="xs" data-cy="ofx-previa">
                <Text fw={600}>Prévia da importação{arquivo ? ` de ${arquivo.name}` : ''}</Text>
                <Table withTableBorder striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Conta</Table.Th>
                      <Table.Th>Período</Table.Th>
                      <Table.Th ta="right">Linhas</Table.Th>
                      <Table.Th ta="right">Novas</Table.Th>
                      <Table.Th ta="right">Já importadas</Table.Th>
                      <Table.Th ta="right">Futuras</Table.Th>
                      <Table.Th ta="right">Créditos</Table.Th>
                      <Table.Th ta="right">Débitos</Table.Th>
                      <Table.Th ta="right">Saldo do extrato</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {previa.extratos.map((e) => (
                      <Table.Tr key={`${e.banco}-${e.conta}`} data-cy="ofx-previa-extrato">
                        <Table.Td>
                          {e.contaCorrenteId
                            ? (contas.data?.find((c) => c.id === e.contaCorrenteId)?.descricao ?? `Conta ${e.conta}`)
                            : `Banco ${e.banco ?? '?'} · conta ${e.conta} (não identificada)`}
                        </Table.Td>
                        <Table.Td>{periodo(e.inicio, e.fim)}</Table.Td>
                        <Table.Td ta="right">{e.linhas}</Table.Td>
                        <Table.Td ta="right" data-cy="ofx-novas">
                          {e.novas}
                        </Table.Td>
                        <Table.Td ta="right" data-cy="ofx-repetidas">
                          {e.repetidas}
                        </Table.Td>
                        <Table.Td ta="right">{e.futuras}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatarDinheiro(e.creditos)}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatarDinheiro(e.debitos)}
                        </Table.Td>
                        <Table.Td ta="right">
                          {e.saldo
                            ? `${formatarDinheiro(e.saldo)}${e.dataSaldo ? ` em ${dataBr(e.dataSaldo)}` : ''}`
                            : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {semConta && (
                  <Select
                    label="Conta corrente do extrato"
                    description="Nenhuma conta (ou mais de uma) corresponde ao banco, agência e conta do arquivo: escolha a conta."
                    searchable
                    data={opcoesConta}
                    value={conta ? String(conta) : null}
                    onChange={(v) => {
                      const id = v ? Number(v) : null;
                      setConta(id);
                      if (arquivo && id) void previsualizar(arquivo, id);
                    }}
                    data-cy="ofx-conta"
                  />
                )}
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    onClick={() => {
                      setPrevia(null);
                      setArquivo(null);
                    }}
                  >
                    Cancelar
                  </Button>
                  <Button
                    onClick={() => void importar()}
                    loading={importando}
                    disabled={semConta}
                    data-cy="ofx-importar"
                  >
                    Importar
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
      <Table withTableBorder striped fz="sm" data-cy="ofx-importacoes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Conta</Table.Th>
            <Table.Th>Arquivo</Table.Th>
            <Table.Th>Período</Table.Th>
            <Table.Th>Importado em</Table.Th>
            <Table.Th ta="right">Linhas</Table.Th>
            <Table.Th ta="right">Conciliadas</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(extratos.data ?? []).map((e) => (
            <Table.Tr key={e.id} data-cy="ofx-importacao">
              <Table.Td>{e.conta}</Table.Td>
              <Table.Td>{e.nomeArquivo ?? '—'}</Table.Td>
              <Table.Td>{periodo(e.inicio, e.fim)}</Table.Td>
              <Table.Td>{formatarDataHora(e.importadoEm)}</Table.Td>
              <Table.Td ta="right">{e.linhas}</Table.Td>
              <Table.Td ta="right">{e.conciliadas}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={e.status === 'CONCILIADO' ? 'green' : e.status === 'IMPORTADO' ? 'gray' : 'yellow'}
                >
                  {ROTULO_STATUS_EXTRATO[e.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" onClick={() => setVendo(e)} data-cy="ofx-ver-linhas">
                    Linhas
                  </Button>
                  {podeExcluir && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      disabled={e.conciliadas > 0}
                      title={e.conciliadas > 0 ? 'Há linhas conciliadas: desconcilie-as antes de excluir.' : undefined}
                      onClick={() => void apagar(e)}
                      data-cy="ofx-excluir"
                    >
                      Excluir
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {extratos.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text c="dimmed" fz="sm">
                  Nenhum extrato importado ainda.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Modal
        opened={!!vendo}
        onClose={() => setVendo(null)}
        title={vendo ? `Linhas do extrato — ${vendo.conta}` : ''}
        size="xl"
      >
        <Table withTableBorder striped fz="sm" data-cy="ofx-linhas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Documento</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th>Situação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(linhas.data ?? []).map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{dataBr(l.data)}</Table.Td>
                <Table.Td>{l.descricao ?? '—'}</Table.Td>
                <Table.Td>{l.numeroDocumento ?? ''}</Table.Td>
                <Table.Td ta="right" c={l.valor.startsWith('-') ? 'red.7' : undefined}>
                  {formatarDinheiro(l.valor)}
                </Table.Td>
                <Table.Td>
                  {l.conciliado ? 'Conciliada' : l.ignorado ? 'Ignorada' : l.futura ? 'Futura' : 'Pendente'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}
