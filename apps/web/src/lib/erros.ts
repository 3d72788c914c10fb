/** Error → toast mapping of spec §8. */
import { MSG } from '@retaguarda/domain';
import type { ToastInput } from '../app/toasts/store';

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
