/**
 * Wires the platform client pieces to the session (call once at start-up): after login (or on a
 * page reload with a live session) the realtime client authenticates with the session token and
 * the notifications load and browser push is offered; the server's `unauthorized` logs out;
 * logout destroys the connection.
 */
import { antesDeSairNoServidor, quandoEntrar, quandoSair } from '../../servicos/sessao/eventos';
import { useSessao } from '../../servicos/sessao/store';
import { aoSessaoRecusada, conectarRealtime, desconectarRealtime, ouvirRealtime } from '../../lib/realtime';
import { lerTokens } from '../../lib/tokens';
import { instalarAprendizagem } from './aprendizagem/aprendizagem.store';
import { instalarContadores } from './contadores/contadores.store';
import { instalarAtualizacao } from './atualizacao/instalar';
import type { Notificacao } from './notificacoes.api';
import { useNotificacoes } from './notificacoes.store';
import { cancelarPushLocal, registrarPush, removerPushDoServidor } from './push';

let instalado = false;

function iniciar(): void {
  const token = lerTokens()?.sessionToken;
  if (token) conectarRealtime(token);
  void useNotificacoes.getState().carregar();
}

export function instalarPlataforma(): void {
  if (instalado) return;
  instalado = true;
  instalarAprendizagem();
  instalarContadores();
  aoSessaoRecusada(() => void useSessao.getState().sair({ semServidor: true }));
  instalarAtualizacao();
  ouvirRealtime<Notificacao>('notificacao', (n) => useNotificacoes.getState().recebida(n));
  quandoEntrar(() => {
    iniciar();
    void registrarPush(); // spec §4: after login the push permission is requested
  });
  antesDeSairNoServidor(removerPushDoServidor);
  quandoSair(() => {
    desconectarRealtime();
    void cancelarPushLocal();
    useNotificacoes.getState().limpar();
  });
  if (useSessao.getState().usuario && lerTokens()) iniciar();
}
