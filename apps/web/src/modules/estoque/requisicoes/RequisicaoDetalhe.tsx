/**
 * One requisition in a modal: header, lines, and the moves the user may make on it — approve and transfer
 * (the origin store's user), receive and cancel (the requesting store's user). The receipt has an editable
 * received column (Enter goes to the next line, Ctrl+S confirms) with the difference beside it; what did not
 * arrive is posted as a loss of the origin (the server's answer says so). The server decides every move.
 */
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  acoesDaRequisicao,
  comandoAprovarRequisicao,
  comandoCancelarRequisicao,
  comandoReceberRequisicao,
  comandoTransferirRequisicao,
  dataBr,
  MSG_REQUISICAO,
  ROTULO_STATUS_REQUISICAO,
  type RequisicaoAlterada,
  type RequisicaoEstoqueDetalhe,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { formatarDecimalCurto } from '../../../lib/formato';
import { toast } from '../../../lib/toasts';
import { diferencaDaLinha, recebidaDaTela } from '../transferencias/formulario';
import { obterRequisicao } from './api';

export interface PodeNaRequisicao {
  /** approve and transfer: EDITAR and the origin store */
  naOrigem: (r: RequisicaoEstoqueDetalhe) => boolean;
  /** receive: EDITAR and the requesting store */
  receber: (r: RequisicaoEstoqueDetalhe) => boolean;
  /** cancel: EXCLUIR and the requesting store */
  cancelar: (r: RequisicaoEstoqueDetalhe) => boolean;
}

interface Props {
  id: number;
  pode: PodeNaRequisicao;
  aoFechar: () => void;
  aoMudar: () => void;
}

const qtd = (v: string | null) => (v === null ? '' : formatarDecimalCurto(v, 4, 0));

export function RequisicaoDetalhe({ id, pode, aoFechar, aoMudar }: Props) {
  const detalhe = useQuery({ queryKey: ['requisicao', id], queryFn: () => obterRequisicao(id) });
  const r = detalhe.data;
  const acoes = r ? acoesDaRequisicao(r.status, r.exigeAprovacao) : [];
  const receber = !!r && acoes.includes('receber') && pode.receber(r);
  const [recebidas, setRecebidas] = useState<Record<number, string>>({});
  const [observacao, setObservacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const aprovacao = useComando(comandoAprovarRequisicao);
  const transferencia = useComando(comandoTransferirRequisicao);
  const recebimento = useComando(comandoReceberRequisicao);
  const cancelamento = useComando(comandoCancelarRequisicao);
  useEffect(() => {
    if (r) setRecebidas(Object.fromEntries(r.itens.map((i) => [i.produtoId, qtd(i.quantidade)])));
  }, [r]);
  useEffect(() => {
    if (receber) setTimeout(() => (document.getElementById('req-recebida-0') as HTMLInputElement | null)?.select(), 0);
  }, [receber]);

  /** runs one move; the answer's message is the toast, a refusal stays in the modal */
  const mover = async (fazer: () => Promise<RequisicaoAlterada>) => {
    if (enviando) return;
    setEnviando(true);
    setErro(null);
    try {
      const feito = await fazer();
      const divergente = (feito.divergencias?.length ?? 0) > 0;
      toast({ type: divergente ? 'warning' : 'success', title: 'Requisição', message: feito.mensagem });
      aoMudar();
      aoFechar();
    } catch (e) {
      const f = falhaDaApi(e);
      if (f.erros.length || f.status === 409)
        setErro([...new Set([f.message, ...f.reasons].filter(Boolean))].join(' '));
      else toast(toastDeErro(e, { entidade: MSG_REQUISICAO.entidade }));
    } finally {
      setEnviando(false);
    }
  };

  const confirmarRecebimento = () => {
    if (!r) return;
    const itens = r.itens.map((i) => ({
      produtoId: i.produtoId,
      quantidadeRecebida: recebidaDaTela(recebidas[i.produtoId] ?? ''),
    }));
    if (itens.some((i) => i.quantidadeRecebida === null)) {
      setErro('Informe a quantidade recebida de cada item (zero quando nada chegou).');
      return;
    }
    void mover(() =>
      recebimento.executar({
        id: r.id,
        observacao,
        itens: itens as { produtoId: number; quantidadeRecebida: string }[],
      }),
    );
  };

  const proxima = (n: number) => (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const el = document.getElementById(`req-recebida-${n + 1}`) as HTMLInputElement | null;
    if (el) el.select();
    else confirmarRecebimento();
  };

  return (
    <Modal
      opened
      onClose={aoFechar}
      size="xl"
      title={r ? `Requisição ${r.id} — ${ROTULO_STATUS_REQUISICAO[r.status]}` : 'Requisição'}
      data-cy="requisicao-detalhe"
    >
      {!r ? (
        <Text c="dimmed">{detalhe.isError ? 'Não foi possível carregar a requisição.' : 'Carregando…'}</Text>
      ) : (
        <Stack
          gap="sm"
          onKeyDown={(e) => {
            if (receber && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
              e.preventDefault();
              confirmarRecebimento();
            }
          }}
        >
          <Text fz="sm">
            <b>{r.lojaDestinoSigla}</b> ({r.localDestinoDescricao}) requisita de <b>{r.lojaOrigemSigla}</b> (
            {r.localOrigemDescricao}) · {r.motivoDescricao}{' '}
            {r.exigeAprovacao && (
              <Badge size="xs" variant="light" color="orange" tt="none">
                exige aprovação
              </Badge>
            )}
            {r.observacao ? ` · ${r.observacao}` : ''}
          </Text>
          {r.dataTransferencia && (
            <Text fz="sm" data-cy="requisicao-transferida-em">
              Transferida em {dataBr(r.dataTransferencia)}
              {r.dataRecebimento ? ` · recebida em ${dataBr(r.dataRecebimento)}` : ''}
              {r.observacaoRecebimento ? ` · ${r.observacaoRecebimento}` : ''}
            </Text>
          )}
          <Table withTableBorder striped verticalSpacing={4} data-cy="requisicao-itens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Código</Table.Th>
                <Table.Th>Descrição</Table.Th>
                <Table.Th w={110} ta="right">
                  Requisitada
                </Table.Th>
                <Table.Th w={130} ta="right">
                  Recebida
                </Table.Th>
                <Table.Th w={110} ta="right">
                  Diferença
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.itens.map((i, n) => {
                const dif = receber ? diferencaDaLinha(i, recebidas[i.produtoId] ?? '') : i.diferenca;
                return (
                  <Table.Tr key={i.produtoId} data-cy="requisicao-item">
                    <Table.Td>{i.produtoId}</Table.Td>
                    <Table.Td>{i.descricao}</Table.Td>
                    <Table.Td ta="right">{qtd(i.quantidade)}</Table.Td>
                    <Table.Td ta="right">
                      {receber ? (
                        <TextInput
                          id={`req-recebida-${n}`}
                          size="xs"
                          inputMode="decimal"
                          aria-label={`Quantidade recebida de ${i.descricao ?? i.produtoId}`}
                          value={recebidas[i.produtoId] ?? ''}
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            setRecebidas((x) => ({ ...x, [i.produtoId]: v }));
                          }}
                          onKeyDown={proxima(n)}
                          styles={{ input: { textAlign: 'right' } }}
                          data-cy="item-recebida"
                        />
                      ) : (
                        qtd(i.quantidadeRecebida)
                      )}
                    </Table.Td>
                    <Table.Td
                      ta="right"
                      c={dif && Number(dif) > 0 ? 'red' : undefined}
                      fw={dif && Number(dif) > 0 ? 600 : undefined}
                      data-cy="item-diferenca"
                    >
                      {qtd(dif)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {receber && (
            <>
              <TextInput
                label="Observação do recebimento"
                value={observacao}
                onChange={(e) => setObservacao(e.currentTarget.value)}
                data-cy="recebimento-observacao"
              />
              <Text fz="sm" c="dimmed">
                O que não chegou é baixado do trânsito como perda na loja de origem e fica registrado como diferença.
              </Text>
            </>
          )}
          {erro && (
            <Alert color="red" data-cy="requisicao-erro">
              {erro}
            </Alert>
          )}
          <Group justify="flex-end">
            {acoes.includes('cancelar') && pode.cancelar(r) && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => void mover(() => cancelamento.executar({ id: r.id }))}
                data-cy="requisicao-cancelar"
              >
                Cancelar requisição
              </Button>
            )}
            <Button variant="default" onClick={aoFechar} data-cy="requisicao-fechar">
              Fechar
            </Button>
            {acoes.includes('aprovar') && pode.naOrigem(r) && (
              <Button
                loading={enviando}
                onClick={() => void mover(() => aprovacao.executar({ id: r.id }))}
                data-cy="requisicao-aprovar"
              >
                Aprovar
              </Button>
            )}
            {acoes.includes('transferir') && pode.naOrigem(r) && (
              <Button
                loading={enviando}
                onClick={() => void mover(() => transferencia.executar({ id: r.id }))}
                data-cy="requisicao-transferir"
              >
                Transferir mercadoria
              </Button>
            )}
            {receber && (
              <Button loading={enviando} onClick={confirmarRecebimento} data-cy="requisicao-receber">
                Confirmar recebimento
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
