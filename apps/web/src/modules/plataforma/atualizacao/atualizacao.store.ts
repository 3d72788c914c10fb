/**
 * Client state of the update flow (spec §4 "Update flow"): the versions, the modal view, the update in
 * progress (start time kept in local storage), the attempt counter. While an update runs the running
 * build is read while the socket is down and once when it returns (the server restarts: lib/tarefas); a
 * higher build means it was applied: the page reloads and the
 * build change is announced by the shell's navigation hook. A failure or a request older than 60 s
 * clears the start time: admins get the offer again (one more attempt), others the error toast.
 */
import { UPDATE_REQUEST_EXPIRY_MS } from '@retaguarda/domain';
import { create } from 'zustand';
import { useEstadoUi } from '../../../servicos/estado-ui';
import { useSessao } from '../../../servicos/sessao/store';
import { toast } from '../../../lib/toasts';
import { HttpError } from '../../../lib/erros';
import { acompanharAndamento } from '../../../lib/tarefas/andamento';
import {
  buscarVersaoAtual,
  buscarVersaoMaisRecente,
  pedirAtualizacao,
  situacaoDaAtualizacao,
  type Versao,
  versaoCompleta,
} from './atualizacao.api';
import {
  type Andamento,
  ERRO_ATUALIZACAO,
  expirada,
  gravarAndamento,
  lerAndamento,
  registrarBuild,
  type VisaoAtualizacao,
} from './atualizacao.regras';

export const INTERVALO_VERIFICACAO_MS = 2_000;

interface EstadoAtualizacao {
  atual: Versao | null;
  maisRecente: Versao | null;
  visao: VisaoAtualizacao | null;
  andamento: Andamento | null;
  tentativas: number;
  /** Why the last attempt failed (shown in the admin view). */
  erro: string | null;
  mensagemUsuario: string | null;
  carregarVersoes: () => Promise<void>;
  abrirOferta: () => void;
  fechar: () => void;
  atualizar: () => Promise<void>;
  emAndamento: (a: Andamento) => void;
  falhou: (mensagem?: string | null) => void;
  verificar: () => Promise<void>;
  logoutSolicitado: (mensagem: string) => void;
  limpar: () => void;
}

/** Reloads the page on the new build (replaced in unit tests). */
export const navegador = { recarregar: () => window.location.reload() };

let pararDeVerificar: (() => void) | null = null;
let prazo: ReturnType<typeof setTimeout> | null = null;
const parar = () => {
  pararDeVerificar?.();
  pararDeVerificar = null;
  if (prazo) clearTimeout(prazo);
  prazo = null;
};
const ehAdmin = () => useSessao.getState().usuario?.administrador === true;

const inicial = {
  atual: null,
  maisRecente: null,
  visao: null,
  andamento: null,
  tentativas: 0,
  erro: null,
  mensagemUsuario: null,
} satisfies Partial<EstadoAtualizacao>;

export const useAtualizacao = create<EstadoAtualizacao>((set, get) => {
  const acompanhar = () => {
    parar(); // one update followed at a time: the latest
    const a = get().andamento;
    if (!a) return;
    // the server restarts: the build is read while its socket is down and once when it is back (lib/tarefas);
    // while it stays up, the update's realtime events (instalar.ts) say how it went
    pararDeVerificar = acompanharAndamento<void>({
      ler: () => get().verificar(),
      ouvir: () => () => {},
      encerrado: () => get().andamento !== a,
      aoMudar: () => {},
      lerAoIniciar: false,
      intervaloMs: INTERVALO_VERIFICACAO_MS,
    });
    prazo = setTimeout(
      () => get().andamento === a && get().falhou(),
      Math.max(0, UPDATE_REQUEST_EXPIRY_MS - (Date.now() - a.inicio)),
    );
  };

  return {
    ...inicial,

    carregarVersoes: async () => {
      const [atual, maisRecente] = await Promise.all([
        buscarVersaoAtual(),
        buscarVersaoMaisRecente().catch(() => null),
      ]);
      set({ atual, maisRecente });
      if (registrarBuild(atual.build) !== null)
        useEstadoUi.getState().definir({ buildPendente: versaoCompleta(atual) });
      const salvo = lerAndamento();
      if (!salvo || get().andamento) return;
      if (atual.build > salvo.origem)
        gravarAndamento(null); // applied while away: the build change says so
      else if (expirada(salvo.inicio)) get().falhou();
      else get().emAndamento(salvo);
    },

    abrirOferta: () => set({ visao: 'admin' }),

    fechar: () => {
      if (get().visao !== 'sistema') set({ visao: null, mensagemUsuario: null });
    },

    atualizar: async () => {
      const origem = get().atual?.build;
      try {
        const r = await pedirAtualizacao();
        get().emAndamento({ inicio: Date.now(), origem: origem ?? 0, atualizacaoId: r.id });
      } catch (e) {
        const msg = e instanceof HttpError ? (e.data as { message?: string } | undefined)?.message : undefined;
        get().falhou(msg);
      }
    },

    emAndamento: (a) => {
      gravarAndamento(a);
      set({ andamento: a, visao: 'sistema', erro: null });
      acompanhar();
    },

    falhou: (mensagem) => {
      parar();
      gravarAndamento(null);
      if (ehAdmin()) {
        set((s) => ({
          andamento: null,
          visao: 'admin',
          tentativas: s.tentativas + 1,
          erro: mensagem || ERRO_ATUALIZACAO.message,
        }));
        return;
      }
      set({ andamento: null, visao: null });
      toast({ type: 'error', title: ERRO_ATUALIZACAO.title, message: ERRO_ATUALIZACAO.message });
    },

    verificar: async () => {
      const a = get().andamento;
      if (!a) return;
      const atual = await buscarVersaoAtual().catch(() => null);
      if (get().andamento !== a) return;
      if (atual && atual.build > a.origem) {
        parar();
        gravarAndamento(null);
        set({ andamento: null, visao: null, atual });
        navegador.recarregar();
        return;
      }
      if (!ehAdmin() || a.atualizacaoId === null) return;
      // a rolled-back build is reported at the old build's start, when no socket hears it
      const ultima = (await situacaoDaAtualizacao().catch(() => null))?.ultima;
      if (get().andamento === a && ultima?.id === a.atualizacaoId && ultima.status === 'FALHOU')
        get().falhou(ultima.mensagem);
    },

    logoutSolicitado: (mensagem) => {
      if (get().visao !== 'sistema') set({ visao: 'usuario', mensagemUsuario: mensagem });
    },

    limpar: () => {
      parar();
      gravarAndamento(null);
      set(inicial);
    },
  };
});
