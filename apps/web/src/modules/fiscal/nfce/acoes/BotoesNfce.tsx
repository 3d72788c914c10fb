/**
 * The SEFAZ actions on one note, for the monitor's grid and the note's screen: Consultar, Reenviar (a
 * rejected or contingency note; SEFAZ is consulted first) and Cancelar (opens the motivo picker). Each button
 * shows only when the note's status admits its action (the domain's transition table) and the user holds
 * PERM_MONITORAMENTO_DOCUMENTO_ELETRONICO_EDITAR; `aoConcluir` runs when SEFAZ's answer is applied.
 */
import { Button, Group } from '@mantine/core';
import { comandoConsultarNfce, comandoReenviarNfce, podeAplicar, type Tarefa } from '@retaguarda/domain';
import { IconSearch, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useSessao } from '../../../../servicos/sessao/store';
import { DialogoCancelarNfce } from './DialogoCancelarNfce';
import { useAcaoNfce } from './useAcaoNfce';

export const PERM_EDITAR_NFCE = 'PERM_MONITORAMENTO_DOCUMENTO_ELETRONICO_EDITAR';

export interface DocumentoNfceAcao {
  chave: string;
  lojaId: number;
  status: string;
  serie?: number | null;
  numero?: number | null;
}

interface Props {
  documento: DocumentoNfceAcao;
  aoConcluir?: (t: Tarefa) => void;
  compacto?: boolean;
}

export const usePodeEditarNfce = () => (useSessao((s) => s.usuario?.permissoes) ?? []).includes(PERM_EDITAR_NFCE);

export function BotaoConsultarNfce({ documento: d, aoConcluir, compacto }: Props) {
  const a = useAcaoNfce(comandoConsultarNfce, 'Consulta à SEFAZ', aoConcluir);
  if (!usePodeEditarNfce() || !podeAplicar('CONSULTAR', d.status)) return null;
  return (
    <Button
      size={compacto ? 'xs' : 'sm'}
      variant="default"
      leftSection={<IconSearch size={16} />}
      loading={a.emAndamento}
      onClick={() => void a.executar({ chave: d.chave, lojaId: d.lojaId })}
      data-cy="nfce-consultar"
    >
      Consultar
    </Button>
  );
}

export function BotaoReenviarNfce({ documento: d, aoConcluir, compacto }: Props) {
  const a = useAcaoNfce(comandoReenviarNfce, 'Reenvio à SEFAZ', aoConcluir);
  if (!usePodeEditarNfce() || !podeAplicar('REENVIAR', d.status)) return null;
  return (
    <Button
      size={compacto ? 'xs' : 'sm'}
      variant="default"
      leftSection={<IconSend size={16} />}
      loading={a.emAndamento}
      onClick={() => void a.executar({ chave: d.chave, lojaId: d.lojaId })}
      data-cy="nfce-reenviar"
    >
      Reenviar
    </Button>
  );
}

export function BotaoCancelarNfce({ documento: d, aoConcluir, compacto }: Props) {
  const [aberto, setAberto] = useState(false);
  if (!usePodeEditarNfce() || !podeAplicar('CANCELAR', d.status)) return null;
  return (
    <>
      <Button
        size={compacto ? 'xs' : 'sm'}
        color="red"
        variant="light"
        leftSection={<IconX size={16} />}
        onClick={() => setAberto(true)}
        data-cy="nfce-cancelar"
      >
        Cancelar NFC-e
      </Button>
      <DialogoCancelarNfce documento={d} aberto={aberto} aoFechar={() => setAberto(false)} aoConcluir={aoConcluir} />
    </>
  );
}

/** Every action the note's status admits, side by side. */
export function AcoesNfce(p: Props) {
  return (
    <Group gap="xs" data-cy="nfce-acoes">
      <BotaoConsultarNfce {...p} />
      <BotaoReenviarNfce {...p} />
      <BotaoCancelarNfce {...p} />
    </Group>
  );
}
