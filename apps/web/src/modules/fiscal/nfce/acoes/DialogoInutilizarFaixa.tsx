/**
 * Inutilizar faixa: store, série, optional caixa, first and last number and the justification (≥ 15
 * characters). The monitor's "faixa" gap analysis opens it with the gap filled in (`inicial`); the server
 * refuses a range holding authorised numbers and runs the request to SEFAZ as a job.
 */
import { Button, Group, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import {
  comandoInutilizarFaixaNfce,
  MAX_FAIXA_INUTILIZACAO,
  MIN_JUSTIFICATIVA_SEFAZ,
  type Tarefa,
} from '@retaguarda/domain';
import { IconBan } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePodeEditarNfce } from './BotoesNfce';
import { useAcaoNfce } from './useAcaoNfce';

export interface FaixaNfce {
  lojaId: number;
  serie?: number | null;
  numeroCaixa?: number | null;
  numeroInicial?: number | null;
  numeroFinal?: number | null;
}

interface Props {
  inicial: FaixaNfce;
  aberto: boolean;
  aoFechar: () => void;
  aoConcluir?: (t: Tarefa) => void;
}

const num = (v: string | number) => (v === '' ? null : Number(v));

export function DialogoInutilizarFaixa({ inicial, aberto, aoFechar, aoConcluir }: Props) {
  const [f, setF] = useState<FaixaNfce>(inicial);
  const [justificativa, setJustificativa] = useState('');
  useEffect(() => {
    if (aberto) setF(inicial);
  }, [aberto, inicial]);
  const a = useAcaoNfce(comandoInutilizarFaixaNfce, 'Inutilização de faixa', aoConcluir);
  const curta = [...justificativa.trim()].length < MIN_JUSTIFICATIVA_SEFAZ;
  const invertida = f.numeroInicial != null && f.numeroFinal != null && f.numeroFinal < f.numeroInicial;
  const pronta = f.serie != null && f.numeroInicial != null && f.numeroFinal != null && !invertida && !curta;
  const confirmar = async () => {
    if (!pronta) return;
    const ok = await a.executar({
      lojaId: f.lojaId,
      serie: f.serie!,
      numeroCaixa: f.numeroCaixa ?? null,
      numeroInicial: f.numeroInicial!,
      numeroFinal: f.numeroFinal!,
      justificativa: justificativa.trim(),
    });
    if (ok) aoFechar();
  };
  return (
    <Modal
      opened={aberto}
      onClose={aoFechar}
      title="Inutilizar faixa de numeração"
      centered
      data-cy="dialogo-inutilizar"
    >
      <Stack gap="sm">
        <Group grow>
          <NumberInput
            label="Série"
            min={0}
            max={999}
            value={f.serie ?? ''}
            onChange={(v) => setF({ ...f, serie: num(v) })}
            required
            data-autofocus
            data-cy="inut-serie"
          />
          <NumberInput
            label="Caixa"
            min={1}
            max={999}
            value={f.numeroCaixa ?? ''}
            onChange={(v) => setF({ ...f, numeroCaixa: num(v) })}
            data-cy="inut-caixa"
          />
        </Group>
        <Group grow>
          <NumberInput
            label="Número inicial"
            min={1}
            value={f.numeroInicial ?? ''}
            onChange={(v) => setF({ ...f, numeroInicial: num(v) })}
            required
            data-cy="inut-inicial"
          />
          <NumberInput
            label="Número final"
            min={1}
            value={f.numeroFinal ?? ''}
            onChange={(v) => setF({ ...f, numeroFinal: num(v) })}
            error={invertida ? 'O número final deve ser maior ou igual ao inicial.' : undefined}
            description={`Até ${MAX_FAIXA_INUTILIZACAO.toLocaleString('pt-BR')} números por pedido.`}
            required
            data-cy="inut-final"
          />
        </Group>
        <Textarea
          label="Justificativa"
          value={justificativa}
          onChange={(e) => setJustificativa(e.currentTarget.value)}
          description={`Ao menos ${MIN_JUSTIFICATIVA_SEFAZ} caracteres (exigência da SEFAZ).`}
          error={
            justificativa && curta
              ? `Faltam ${MIN_JUSTIFICATIVA_SEFAZ - [...justificativa.trim()].length} caractere(s).`
              : undefined
          }
          maxLength={255}
          autosize
          minRows={2}
          required
          data-cy="inut-justificativa"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar}>
            Voltar
          </Button>
          <Button
            color="orange"
            disabled={!pronta}
            loading={a.emAndamento}
            onClick={() => void confirmar()}
            data-cy="confirmar-inutilizacao"
          >
            Inutilizar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A button opening the dialog (the monitor's toolbar, or a gap's row with its range). */
export function BotaoInutilizarFaixa(p: { faixa: FaixaNfce; aoConcluir?: (t: Tarefa) => void; compacto?: boolean }) {
  const [aberto, setAberto] = useState(false);
  if (!usePodeEditarNfce()) return null;
  return (
    <>
      <Button
        size={p.compacto ? 'xs' : 'sm'}
        variant="default"
        leftSection={<IconBan size={16} />}
        onClick={() => setAberto(true)}
        data-cy="nfce-inutilizar"
      >
        Inutilizar faixa
      </Button>
      <DialogoInutilizarFaixa
        inicial={p.faixa}
        aberto={aberto}
        aoFechar={() => setAberto(false)}
        aoConcluir={p.aoConcluir}
      />
    </>
  );
}
