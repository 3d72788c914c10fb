/** Cancelling or refusing an order: a Motivo de cancelamento (of sales orders) and a note. */
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { MSG_PEDIDO, type PedidoVenda } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { listarMotivos } from './api';
import { moverPedido } from './movimento';

interface Props {
  pedido: Pick<PedidoVenda, 'id' | 'numero' | 'versao'>;
  acao: 'cancelar' | 'recusar';
  aoFechar: () => void;
  aoConcluir: () => void;
}

export function CancelarPedido({ pedido, acao, aoFechar, aoConcluir }: Props) {
  const motivos = useQuery({ queryKey: ['motivos-cancelamento-pedido'], queryFn: listarMotivos });
  const [motivo, setMotivo] = useState<string | null>(null);
  const [observacao, setObservacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const verbo = acao === 'cancelar' ? 'Cancelar' : 'Recusar';

  const confirmar = async () => {
    if (!motivo) {
      setErro('Informe o motivo.');
      return;
    }
    setEnviando(true);
    try {
      await moverPedido(pedido, acao, { motivoCancelamentoId: Number(motivo), observacao: observacao || null });
      toast({
        type: 'success',
        title: 'Sucesso',
        message: `Pedido ${pedido.numero} ${acao === 'cancelar' ? 'cancelado' : 'recusado'}.`,
      });
      aoConcluir();
    } catch (e) {
      const f = falhaDaApi(e);
      if (f.erros.length) setErro(f.erros.map((x) => x.mensagem).join(' '));
      else {
        toast(toastDeErro(e, { entidade: MSG_PEDIDO.entidade }));
        aoConcluir();
      }
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Modal opened onClose={aoFechar} title={`${verbo} o pedido ${pedido.numero}`} data-cy="cancelar-pedido">
      <Stack gap="sm">
        <Select
          label="Motivo"
          placeholder="Selecione"
          data={(motivos.data ?? []).map((m) => ({ value: String(m.id), label: m.descricao }))}
          value={motivo}
          onChange={(v) => {
            setMotivo(v);
            setErro(null);
          }}
          error={erro}
          searchable
          data-autofocus
          data-cy="cancelar-motivo"
        />
        <Textarea
          label="Observação"
          value={observacao}
          onChange={(e) => setObservacao(e.currentTarget.value)}
          maxLength={500}
          data-cy="cancelar-observacao"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar}>
            Voltar
          </Button>
          <Button color="red" onClick={confirmar} loading={enviando} data-cy="cancelar-confirmar">
            {verbo} pedido
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
