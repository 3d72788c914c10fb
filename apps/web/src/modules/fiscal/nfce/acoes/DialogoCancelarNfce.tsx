/**
 * Cancelar NFC-e: the motivo picked from the motivos de cancelamento of aplicação CUPOM_NFCE (its
 * description is SEFAZ's justification: at least 15 characters, so the server offers no shorter one), then the
 * cancellation event (110111) runs as a job. The server checks the UF's deadline and the note's status.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { comandoCancelarNfce, MIN_JUSTIFICATIVA_SEFAZ, type Tarefa } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../lib/api';
import type { DocumentoNfceAcao } from './BotoesNfce';
import { useAcaoNfce } from './useAcaoNfce';

interface Motivo {
  id: number;
  descricao: string;
}

/** The motivos a NFC-e may be cancelled with, read under the monitor's permission (not the financial register's). */
export const motivosDeCancelamentoNfce = async (): Promise<Motivo[]> =>
  (await api<{ items: Motivo[] }>('/api/v1/fiscal/nfce/motivos-cancelamento')).items;

interface Props {
  documento: DocumentoNfceAcao;
  aberto: boolean;
  aoFechar: () => void;
  aoConcluir?: (t: Tarefa) => void;
}

export function DialogoCancelarNfce({ documento: d, aberto, aoFechar, aoConcluir }: Props) {
  const [motivoId, setMotivoId] = useState<string | null>(null);
  const motivos = useQuery({
    queryKey: ['motivos-cancelamento-nfce'],
    queryFn: motivosDeCancelamentoNfce,
    enabled: aberto,
  });
  const a = useAcaoNfce(comandoCancelarNfce, 'Cancelamento da NFC-e', aoConcluir);
  const confirmar = async () => {
    if (!motivoId) return;
    if (await a.executar({ chave: d.chave, lojaId: d.lojaId, motivoId: Number(motivoId) })) aoFechar();
  };
  return (
    <Modal opened={aberto} onClose={aoFechar} title="Cancelar NFC-e" centered data-cy="dialogo-cancelar-nfce">
      <Stack gap="sm">
        <Text fz="sm">
          NFC-e {d.serie ?? '-'}/{d.numero ?? d.chave.slice(25, 34)} — a SEFAZ registra o evento de cancelamento
          (110111) com a justificativa do motivo escolhido.
        </Text>
        <Select
          label="Motivo do cancelamento"
          placeholder={motivos.isLoading ? 'Carregando…' : 'Escolha o motivo'}
          data={(motivos.data ?? []).map((m) => ({ value: String(m.id), label: m.descricao }))}
          value={motivoId}
          onChange={setMotivoId}
          searchable
          required
          data-autofocus
          data-cy="motivo-cancelamento"
        />
        {motivos.isError && (
          <Alert color="red" data-cy="erro-motivos">
            Não foi possível ler os motivos de cancelamento.
          </Alert>
        )}
        {motivos.data && motivos.data.length === 0 && (
          <Alert color="yellow">
            Nenhum motivo de cancelamento com aplicação NFC-e e ao menos {MIN_JUSTIFICATIVA_SEFAZ} caracteres. Cadastre
            um em Financeiro › Motivos de cancelamento.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar}>
            Voltar
          </Button>
          <Button
            color="red"
            disabled={!motivoId}
            loading={a.emAndamento}
            onClick={() => void confirmar()}
            data-cy="confirmar-cancelamento"
          >
            Cancelar NFC-e
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
