/**
 * Calls a command through its public face (domain `defineCommand`): the URL from the face's path with
 * `{id}` filled from the input, the method, the body (the input without the path's field), the
 * submission's Idempotency-Key, `?previa=true` for a preview; a contract that names a business date asks
 * the old-date confirmation and sends it again confirmed (the same key: a refused run stores nothing).
 */
import {
  corpoDoComando,
  datasDeNegocio,
  type EntradaDoComando,
  type QualquerFace,
  type SaidaDoComando,
  urlDoComando,
} from '@retaguarda/domain';
import { api } from '../api';
import { comConfirmacaoDeDataAntiga } from './data-antiga';

export interface OpcoesDaChamada {
  /** the submission's key (absent in a preview: the server keeps nothing of it) */
  chave?: string;
  previa?: boolean;
  /** a preview of an old date without the question (it keeps nothing; the save itself asks) */
  dataAntigaConfirmada?: boolean;
  signal?: AbortSignal;
  /** reads the answer's headers (a create's `Location` names the new resource) */
  aoResponder?: (headers: Headers) => void;
}

export function chamarComando<F extends QualquerFace>(
  face: F,
  entrada: EntradaDoComando<F>,
  opcoes: OpcoesDaChamada = {},
): Promise<SaidaDoComando<F>> {
  const url = `${urlDoComando(face, entrada)}${opcoes.previa ? '?previa=true' : ''}`;
  const corpo = (corpoDoComando(face, entrada) ?? {}) as Record<string, unknown>;
  const enviar = (confirmarDataAntiga: boolean) =>
    api<SaidaDoComando<F>>(url, {
      method: face.metodo,
      body: confirmarDataAntiga ? { ...corpo, confirmarDataAntiga } : corpo,
      headers: opcoes.chave ? { 'Idempotency-Key': opcoes.chave } : {},
      ...(opcoes.signal ? { signal: opcoes.signal } : {}),
      ...(opcoes.aoResponder ? { aoResponder: opcoes.aoResponder } : {}),
    });
  if (!datasDeNegocio.has(face.entrada)) return enviar(false);
  return opcoes.dataAntigaConfirmada ? enviar(true) : comConfirmacaoDeDataAntiga(enviar);
}
