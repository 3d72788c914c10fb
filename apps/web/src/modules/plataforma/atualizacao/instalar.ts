/** Wires the update flow to the session and the realtime events (called once by the platform set-up). */
import { quandoEntrar, quandoSair } from '../../../servicos/sessao/eventos';
import { useSessao } from '../../../servicos/sessao/store';
import { ouvirRealtime } from '../../../lib/realtime';
import { lerTokens } from '../../../lib/tokens';
import { useAtualizacao } from './atualizacao.store';

interface EventoAtualizacao {
  id: number;
  versaoAlvo: string | null;
  mensagem: string;
  em: string;
}

const carregar = () =>
  void useAtualizacao
    .getState()
    .carregarVersoes()
    .catch(() => undefined);

export function instalarAtualizacao(): void {
  const estado = useAtualizacao.getState;
  ouvirRealtime<EventoAtualizacao>('atualizacao-iniciada', (e) => {
    const { andamento, atual } = estado();
    if (andamento || !atual) return;
    estado().emAndamento({ inicio: Date.parse(e.em) || Date.now(), origem: atual.build, atualizacaoId: e.id });
  });
  ouvirRealtime<EventoAtualizacao>('atualizacao-falhou', (e) => {
    const a = estado().andamento;
    if (a && (a.atualizacaoId === null || a.atualizacaoId === e.id)) estado().falhou(e.mensagem);
  });
  ouvirRealtime('atualizacao-concluida', () => void estado().verificar());
  ouvirRealtime<{ mensagem: string }>('logout-solicitado', (e) => estado().logoutSolicitado(e.mensagem));
  quandoEntrar(carregar);
  quandoSair(() => estado().limpar());
  if (useSessao.getState().usuario && lerTokens()) carregar();
}
