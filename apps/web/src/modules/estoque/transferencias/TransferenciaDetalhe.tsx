/**
 * One transfer in a modal: what was sent, and — for the destination's user while it is in transit — the
 * receipt: an editable received column (Enter goes to the next line) with the difference beside it, date
 * and observação, Ctrl+S confirms. What did not arrive is posted as a loss of the origin (the rule is in
 * the server's answer, shown after confirming). The origin's user may cancel it while in transit.
 */
import { Alert, Button, Grid, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  comandoCancelarTransferencia,
  comandoReceberTransferencia,
  dataBr,
  MSG_TRANSFERENCIA,
  ROTULO_STATUS_TRANSFERENCIA,
  type TransferenciaEstoqueDetalhe,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toasts';
import { useComando } from '../../../lib/comando/useComando';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { formatarDecimalCurto } from '../../../lib/formato';
import { dataDaTela } from '../ajustes/formulario';
import { obterTransferencia } from './api';
import { useSessao } from '../../../servicos/sessao/store';
import { hojeNaLoja } from '../../../lib/datas';
import { diferencaDaLinha, recebidaDaTela } from './formulario';

interface Props {
  id: number;
  podeReceber: (t: TransferenciaEstoqueDetalhe) => boolean;
  podeCancelar: (t: TransferenciaEstoqueDetalhe) => boolean;
  aoFechar: () => void;
  aoMudar: () => void;
}

const qtd = (v: string | null) => (v === null ? '' : formatarDecimalCurto(v, 4, 0));

export function TransferenciaDetalhe({ id, podeReceber, podeCancelar, aoFechar, aoMudar }: Props) {
  const detalhe = useQuery({ queryKey: ['transferencia', id], queryFn: () => obterTransferencia(id) });
  const t = detalhe.data;
  const receber = !!t && t.status === 'EM_TRANSITO' && podeReceber(t);
  const [recebidas, setRecebidas] = useState<Record<number, string>>({});
  const lojas = useSessao((s) => s.usuario?.lojasUsuario);
  // the receipt is dated the destination's today (its zone) unless typed
  const [data, setData] = useState('');
  useEffect(() => {
    if (t) setData((d) => d || hojeNaLoja(lojas?.find((l) => l.id === t.lojaDestinoId)));
  }, [t, lojas]);
  const [observacao, setObservacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  // receipt and cancellation: one Idempotency-Key per submission (a re-click posts once)
  const recebimento = useComando(comandoReceberTransferencia);
  const cancelamento = useComando(comandoCancelarTransferencia);
  useEffect(() => {
    if (t) setRecebidas(Object.fromEntries(t.itens.map((i) => [i.produtoId, qtd(i.quantidade)])));
  }, [t]);
  // the first received quantity takes the focus once the lines are there
  useEffect(() => {
    if (receber) setTimeout(() => (document.getElementById('recebida-0') as HTMLInputElement | null)?.select(), 0);
  }, [receber]);

  const confirmar = async () => {
    if (!t || enviando) return;
    const itens = t.itens.map((i) => ({
      produtoId: i.produtoId,
      quantidadeRecebida: recebidaDaTela(recebidas[i.produtoId] ?? ''),
    }));
    if (itens.some((i) => i.quantidadeRecebida === null)) {
      setErro('Informe a quantidade recebida de cada item (zero quando nada chegou).');
      return;
    }
    setEnviando(true);
    try {
      const r = await recebimento.executar({
        id: t.id,
        data: dataDaTela(data),
        observacao,
        itens: itens as { produtoId: number; quantidadeRecebida: string }[],
      });
      toast({ type: r.divergencias.length ? 'warning' : 'success', title: 'Recebimento', message: r.mensagem });
      aoMudar();
      aoFechar();
    } catch (e) {
      const f = falhaDaApi(e);
      if (f.erros.length) setErro(f.reasons.join(' '));
      else toast(toastDeErro(e, { entidade: MSG_TRANSFERENCIA.entidade }));
    } finally {
      setEnviando(false);
    }
  };

  const cancelar = async () => {
    if (!t) return;
    try {
      await cancelamento.executar({ id: t.id });
      toast({ type: 'success', title: 'Sucesso', message: MSG_TRANSFERENCIA.canceladaComSucesso(t.id) });
      aoMudar();
      aoFechar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_TRANSFERENCIA.entidade }));
    }
  };

  const proxima = (i: number) => (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const el = document.getElementById(`recebida-${i + 1}`) as HTMLInputElement | null;
    if (el) el.select();
    else void confirmar();
  };

  return (
    <Modal
      opened
      onClose={aoFechar}
      size="xl"
      title={t ? `Transferência ${t.id} — ${ROTULO_STATUS_TRANSFERENCIA[t.status]}` : 'Transferência'}
      data-cy="transferencia-detalhe"
    >
      {!t ? (
        <Text c="dimmed">{detalhe.isError ? 'Não foi possível carregar a transferência.' : 'Carregando…'}</Text>
      ) : (
        <Stack
          gap="sm"
          onKeyDown={(e) => {
            if (receber && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
              e.preventDefault();
              void confirmar();
            }
          }}
        >
          <Text fz="sm">
            {dataBr(t.data)} · de <b>{t.lojaOrigemSigla}</b> ({t.localOrigemDescricao}) para <b>{t.lojaDestinoSigla}</b>{' '}
            ({t.localDestinoDescricao}){t.observacao ? ` · ${t.observacao}` : ''}
          </Text>
          {t.dataRecebimento && (
            <Text fz="sm" data-cy="transferencia-recebida-em">
              Recebida em {dataBr(t.dataRecebimento)}
              {t.observacaoRecebimento ? ` · ${t.observacaoRecebimento}` : ''}
            </Text>
          )}
          <Table withTableBorder striped verticalSpacing={4} data-cy="transferencia-itens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Código</Table.Th>
                <Table.Th>Descrição</Table.Th>
                <Table.Th w={110} ta="right">
                  Enviada
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
              {t.itens.map((i, n) => {
                const dif = receber ? diferencaDaLinha(i, recebidas[i.produtoId] ?? '') : i.diferenca;
                return (
                  <Table.Tr key={i.produtoId} data-cy="transferencia-item">
                    <Table.Td>{i.produtoId}</Table.Td>
                    <Table.Td>{i.descricao}</Table.Td>
                    <Table.Td ta="right" data-cy="item-enviada">
                      {qtd(i.quantidade)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {receber ? (
                        <TextInput
                          id={`recebida-${n}`}
                          size="xs"
                          inputMode="decimal"
                          aria-label={`Quantidade recebida de ${i.descricao ?? i.produtoId}`}
                          value={recebidas[i.produtoId] ?? ''}
                          onChange={(e) => {
                            const v = e.currentTarget.value;
                            setRecebidas((r) => ({ ...r, [i.produtoId]: v }));
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
              <Grid>
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <TextInput
                    label="Data do recebimento"
                    placeholder="dd/mm/aaaa"
                    value={data}
                    onChange={(e) => setData(e.currentTarget.value)}
                    data-cy="recebimento-data"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 9 }}>
                  <TextInput
                    label="Observação"
                    value={observacao}
                    onChange={(e) => setObservacao(e.currentTarget.value)}
                    data-cy="recebimento-observacao"
                  />
                </Grid.Col>
              </Grid>
              <Text fz="sm" c="dimmed">
                O que não chegou é baixado do trânsito como perda na loja de origem e fica registrado como diferença.
              </Text>
            </>
          )}
          {erro && (
            <Alert color="red" data-cy="recebimento-erro">
              {erro}
            </Alert>
          )}
          <Group justify="flex-end">
            {t.status === 'EM_TRANSITO' && podeCancelar(t) && (
              <Button variant="subtle" color="red" onClick={cancelar} data-cy="transferencia-cancelar">
                Cancelar transferência
              </Button>
            )}
            <Button variant="default" onClick={aoFechar} data-cy="transferencia-fechar">
              Fechar
            </Button>
            {receber && (
              <Button onClick={confirmar} loading={enviando} data-cy="recebimento-confirmar">
                Confirmar recebimento
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
