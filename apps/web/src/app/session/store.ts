/** The session (spec §4): logged out ↔ logged in, forced password reset from the token. */
import { MSG } from '@retaguarda/domain';
import { create } from 'zustand';
import { api, configurarApi } from '../../lib/api';
import { HttpError } from '../../lib/erros';
import { apagarCache, CHAVES, gravarStorage } from '../../lib/storage';
import { gravarTokens, lerTokens, payloadJwt, type Tokens } from '../../lib/tokens';
import { aoEncerrarSessao, aoIniciarSessao } from './eventos';
import type { RespostaAuth, Usuario } from './types';

const CHAVE_USUARIO = 'rtg.usuario';

interface SessaoState {
  usuario: Usuario | null;
  forcarTrocaSenha: boolean;
  entrar: (username: string, password: string) => Promise<Usuario>;
  /** Starts the session from a sign-in answer (the password login and the SSO callback). */
  iniciar: (resp: RespostaAuth | null) => Promise<Usuario>;
  carregarUsuario: () => Promise<Usuario>;
  renovar: () => Promise<boolean>;
  sair: (opts?: { semServidor?: boolean; avisarAbas?: boolean }) => Promise<void>;
  senhaTrocada: () => void;
}

function usuarioSalvo(): Usuario | null {
  try {
    const v = sessionStorage.getItem(CHAVE_USUARIO);
    return v && lerTokens() ? (JSON.parse(v) as Usuario) : null;
  } catch {
    return null;
  }
}

function flagDoToken(t: Tokens | null): boolean {
  return payloadJwt(t?.accessToken ?? '').forcePasswordReset === true;
}

export const useSessao = create<SessaoState>((set, get) => ({
  usuario: usuarioSalvo(),
  forcarTrocaSenha: flagDoToken(lerTokens()),

  entrar: async (username, password) => {
    // the legacy sign-in goes first (spec §7); the legacy screens use its cookie
    await api('/j_spring_security_check', {
      method: 'POST',
      form: { j_username: username, j_password: password },
      token: null,
    }).catch(() => undefined);
    let resp: RespostaAuth | null;
    try {
      resp = await api<RespostaAuth>('/api/auth', { method: 'POST', body: { username, password }, token: null });
    } catch (e) {
      if (e instanceof HttpError && (e.status === 401 || e.status === 400)) throw new Error(MSG.credenciaisInvalidas);
      throw e;
    }
    return get().iniciar(resp);
  },

  iniciar: async (resp) => {
    if (!resp?.accessToken) throw new Error(MSG.credenciaisInvalidas);
    const tokens = { accessToken: resp.accessToken, refreshToken: resp.refreshToken, sessionToken: resp.sessionToken };
    gravarTokens(tokens);
    const usuario = await get().carregarUsuario();
    set({ forcarTrocaSenha: flagDoToken(tokens) || usuario.forcePasswordReset === true });
    aoIniciarSessao(usuario);
    return usuario;
  },

  carregarUsuario: async () => {
    const usuario = await api<Usuario | null>('/api/v1/eumesmo');
    if (!usuario || typeof usuario !== 'object' || !('id' in usuario)) throw new Error(MSG.erroCarregarUsuario);
    sessionStorage.setItem(CHAVE_USUARIO, JSON.stringify(usuario));
    set({ usuario });
    return usuario;
  },

  renovar: async () => {
    const atual = lerTokens();
    if (!atual?.refreshToken) return false;
    try {
      const resp = await api<RespostaAuth>('/api/auth/refresh', { token: atual.refreshToken });
      const tokens = { ...atual, ...resp };
      gravarTokens(tokens);
      set({ forcarTrocaSenha: flagDoToken(tokens) });
      return true;
    } catch (e) {
      if (e instanceof HttpError && (e.status === 400 || e.status === 401)) await get().sair({ semServidor: true });
      return false;
    }
  },

  sair: async ({ semServidor = false, avisarAbas = true } = {}) => {
    const tinhaSessao = lerTokens() !== null;
    if (tinhaSessao && !semServidor) await api('/api/auth/logout').catch(() => undefined);
    gravarTokens(null);
    sessionStorage.removeItem(CHAVE_USUARIO);
    apagarCache(CHAVES.menu);
    if (avisarAbas) gravarStorage(CHAVES.logout, Date.now());
    set({ usuario: null, forcarTrocaSenha: false });
    aoEncerrarSessao();
  },

  senhaTrocada: () => set({ forcarTrocaSenha: false }),
}));

export const logado = () => useSessao.getState().usuario !== null && lerTokens() !== null;

configurarApi({
  aoNaoAutorizado: () => void useSessao.getState().sair({ semServidor: true }),
  renovar: () => useSessao.getState().renovar(),
});
