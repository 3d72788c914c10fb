/**
 * Both actions that end other people's sessions ask first, naming how many end (issue: a first
 * click took everyone offline). The count comes from the active-session list on screen.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { SessaoAtiva } from './atualizacao.api';
import { textoSessoesAtivas } from './atualizacao.regras';

export type AcaoEncerramento = 'atualizar' | 'logout';

/** The update takes every listed session offline; the logout request asks the other users (not the caller's own sessions). */
export function sessoesEncerradas(acao: AcaoEncerramento, sessoes: SessaoAtiva[] | null): number {
  const todas = sessoes ?? [];
  if (acao === 'atualizar') return todas.length;
  const eu = todas.find((s) => s.atual)?.usuarioId;
  return todas.filter((s) => !s.atual && s.usuarioId !== eu).length;
}

const DETALHE: Record<AcaoEncerramento, { texto: string; botao: string }> = {
  atualizar: {
    texto: 'O sistema fica indisponível durante a atualização e todos os usuários conectados são desconectados.',
    botao: 'Atualizar e encerrar',
  },
  logout: {
    texto: 'Os usuários conectados recebem o pedido para sair do sistema; alterações não salvas podem ser perdidas.',
    botao: 'Solicitar logout',
  },
};

/** The pending action (null: closed) and its confirmation modal. */
export function useConfirmarEncerramento(sessoes: SessaoAtiva[] | null) {
  const [acao, setAcao] = useState<{ tipo: AcaoEncerramento; executar: () => void } | null>(null);
  const pedir = (tipo: AcaoEncerramento, executar: () => void) => setAcao({ tipo, executar });
  const modal = (
    <Modal
      opened={acao !== null}
      onClose={() => setAcao(null)}
      title={acao ? `Encerrar ${textoSessoesAtivas(sessoesEncerradas(acao.tipo, sessoes))}?` : ''}
      centered
      zIndex={400}
    >
      {acao && (
        <>
          <Text fz="sm">{DETALHE[acao.tipo].texto}</Text>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={() => setAcao(null)} data-cy="cancelar-encerramento">
              Cancelar
            </Button>
            <Button
              color="red"
              data-cy="confirmar-encerramento"
              onClick={() => {
                const executar = acao.executar;
                setAcao(null);
                executar();
              }}
            >
              {DETALHE[acao.tipo].botao}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
  return { pedir, modal };
}
