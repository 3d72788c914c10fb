/** Error → toast mapping of spec §8, and the API's error body (domain `corpoDeErro`) as the forms read it. */
import { type ErroDeCampo, MSG } from '@retaguarda/domain';
import type { ToastInput } from './toasts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly data?: unknown,
  ) {
    super(`${status} ${url}`);
  }
}

interface CorpoErro {
  message?: string;
  reasons?: unknown;
  erros?: unknown;
}

function textoRazoes(razoes: string[]): string {
  return razoes.length === 1 ? (razoes[0] ?? '') : razoes.map((r) => `- ${r}`).join('\n');
}

function listaDeTextos(v: unknown): string[] | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  return v.map((x) => (typeof x === 'string' ? x : ((x as { message?: string })?.message ?? JSON.stringify(x))));
}

export function toastDeErro(erro: unknown, opts: { entidade?: string; mensagemPadrao?: string } = {}): ToastInput {
  if (!(erro instanceof HttpError) || erro.status === 0) {
    return { type: 'error', title: 'Erro', message: opts.mensagemPadrao ?? MSG.erroInesperado };
  }
  const { status } = erro;
  if (status === 403) {
    return { type: 'error', title: 'Erro 403: Sem permissão', message: MSG.semPermissao(opts.entidade) };
  }
  const corpo = (erro.data ?? null) as CorpoErro | string | null;
  if (corpo && typeof corpo === 'object') {
    const razoes = listaDeTextos(corpo.reasons) ?? listaDeTextos(corpo.erros);
    if (razoes) {
      return { type: 'error', title: `Erro ${status}: ${corpo.message ?? ''}`.trim(), message: textoRazoes(razoes) };
    }
    if (corpo.message) return { type: 'error', title: `Erro ${status}`, message: corpo.message };
  }
  if (typeof corpo === 'string' && corpo) return { type: 'error', title: `Erro ${status}`, message: corpo };
  return { type: 'error', title: 'Erro', message: opts.mensagemPadrao ?? MSG.erroInesperado };
}

/** An API error as the screens read it: status (0 without an answer), message, reasons and field errors. */
export interface FalhaDaApi {
  status: number;
  message: string;
  reasons: string[];
  erros: ErroDeCampo[];
}

// a plain check, not the zod schema: this file is on the login route, which must stay without zod (≤ 150 kB)
const ehErroDeCampo = (e: unknown): e is ErroDeCampo =>
  typeof (e as ErroDeCampo | null)?.campo === 'string' && typeof (e as ErroDeCampo | null)?.mensagem === 'string';

/** Tolerant: a body without (or with odd) parts reads as empty parts, never as a second failure. */
function lerCorpo(data: unknown): Omit<FalhaDaApi, 'status'> {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    message: typeof d.message === 'string' ? d.message : '',
    reasons: Array.isArray(d.reasons) ? d.reasons.map(String) : [],
    erros: Array.isArray(d.erros) ? d.erros.filter(ehErroDeCampo) : [],
  };
}

export function falhaDaApi(e: unknown): FalhaDaApi {
  if (!(e instanceof HttpError)) return { status: 0, message: '', reasons: [], erros: [] };
  return { status: e.status, ...lerCorpo(e.data) };
}

const inicialMaiuscula = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/**
 * Field errors by the form's field: `nome(campo)` names it (the first path segment by default; undefined:
 * no field shows it); several on one field are joined, each starting with a capital.
 */
export function errosPorCampo(
  erros: readonly ErroDeCampo[],
  nome: (campo: string) => string | undefined = (c) => c.split('.')[0],
): { campos: Record<string, string>; semCampo: number } {
  const campos: Record<string, string> = {};
  let semCampo = 0;
  for (const e of erros) {
    const n = nome(e.campo);
    if (!n) semCampo++;
    else campos[n] = campos[n] ? `${campos[n]} ${inicialMaiuscula(e.mensagem)}` : inicialMaiuscula(e.mensagem);
  }
  return { campos, semCampo };
}

/**
 * Puts an API error's field errors under the form's fields (react-hook-form's `setError`, the first one
 * focused) and tells whether a reason is left that no field shows: the caller then toasts the error.
 */
export function mostrarErrosNosCampos(
  falha: FalhaDaApi,
  // any form's setError: the field names come from the server
  setError: (campo: never, erro: { type: 'server'; message: string }, opts: { shouldFocus: boolean }) => void,
  nome?: (campo: string) => string | undefined,
): boolean {
  const { campos, semCampo } = errosPorCampo(falha.erros, nome);
  Object.entries(campos).forEach(([campo, message], i) => {
    setError(campo as never, { type: 'server', message }, { shouldFocus: i === 0 });
  });
  // each field error is one of the reasons: the others are reasons of no field
  return semCampo > 0 || falha.reasons.length > falha.erros.length || !Object.keys(campos).length;
}
