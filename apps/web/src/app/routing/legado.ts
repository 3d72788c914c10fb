/**
 * The legacy host (spec §2.1, §2.2, §2.4): the `r` grammar of /vf, the URL of the page its
 * `iframe#legadoFrame` shows and the messages between that frame and the host page.
 * `r` = a legacy path and an optional query with ids and the sub-screen:
 * `/inventario/index?id=5&etapa=finalizar`. Which screen answers an `r` is in legado-registro.ts.
 */
import { PARAM_QUADRO_LEGADO } from '@retaguarda/domain';

export interface RLido {
  /** `/controlador/acao`; a bare `/controlador` reads as `/controlador/index`, as the legacy app did. */
  caminho: string;
  query: URLSearchParams;
}

const CAMINHO = /^(\/[A-Za-z0-9_-]+)+$/;

/** Reads `r`; null when it is not a path of ours (another origin, `..`, odd characters). */
export function lerR(r: string | null | undefined): RLido | null {
  const texto = (r ?? '').trim();
  const i = texto.indexOf('?');
  const bruto = (i < 0 ? texto : texto.slice(0, i)).replace(/\/+$/, '');
  if (!CAMINHO.test(bruto)) return null;
  const caminho = bruto.split('/').length === 2 ? `${bruto}/index` : bruto;
  return { caminho, query: new URLSearchParams(i < 0 ? '' : texto.slice(i + 1)) };
}

/** The hash (without `#`) of the framed page: our own screen in full-screen mode, flagged as framed. */
export function hashDoQuadro(caminho: string, query: URLSearchParams): string {
  const q = new URLSearchParams(query);
  q.set('fullScreen', 'true');
  q.set(PARAM_QUADRO_LEGADO, '1');
  return `${caminho}?${q.toString()}`;
}

/** `renewd` forces one logout (spec §2.1): the way back after signing in must not carry it again. */
export function semRenewd(caminhoCompleto: string): string {
  const i = caminhoCompleto.indexOf('?');
  if (i < 0) return caminhoCompleto;
  const q = new URLSearchParams(caminhoCompleto.slice(i + 1));
  if (!q.has('renewd')) return caminhoCompleto;
  q.delete('renewd');
  const resto = q.toString();
  return resto ? `${caminhoCompleto.slice(0, i)}?${resto}` : caminhoCompleto.slice(0, i);
}

/** Frame → host messages. `atualizar` is the login page's (spec §2.2), `sessaoEncerrada` a session end. */
export const MENSAGEM_LEGADO = {
  atualizar: 'retaguarda:atualizar',
  sessaoEncerrada: 'retaguarda:sessao-encerrada',
} as const;
export type MensagemLegado = (typeof MENSAGEM_LEGADO)[keyof typeof MENSAGEM_LEGADO];

export const emQuadro = (): boolean => typeof window !== 'undefined' && window.parent !== window;

/** Tells the host page (same origin only) something happened in the frame. */
export function avisarHospedeiro(tipo: MensagemLegado): void {
  if (emQuadro()) window.parent.postMessage({ tipo }, window.location.origin);
}

/** A host's check of a message: our origin, from its own frame, one of our types. */
export function mensagemDoQuadro(e: MessageEvent, quadro: Window | null | undefined): MensagemLegado | null {
  if (e.origin !== window.location.origin || !quadro || e.source !== quadro) return null;
  const tipo = (e.data as { tipo?: unknown } | null)?.tipo;
  return Object.values(MENSAGEM_LEGADO).includes(tipo as MensagemLegado) ? (tipo as MensagemLegado) : null;
}
