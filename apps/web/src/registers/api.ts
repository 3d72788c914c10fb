/** Calls of the register API through the shared client (lib/api), plus the export download. */
import type { ListaPaginada, RegisterDef } from '@retaguarda/domain';
import { comCarregamento } from '../servicos/estado-ui';
import { api } from '../lib/api';
import { salvarBlob } from '../lib/download';
import { falhaDaApi, HttpError } from '../lib/erros';
import { lerTokens } from '../lib/tokens';

export type Registro = Record<string, unknown>;

/** A page of a register's list (asked with `total=limitado`, `totalLimitado` means "mais de"). */
export type Pagina = ListaPaginada<Registro>;

/**
 * `/api` + the register's first writable path whose `:param` segments the route fills; without them
 * (a reference searched from another form) a flat list path is preferred to an empty segment.
 */
export function caminhoApi(def: RegisterDef, params: Record<string, string | undefined> = {}): string {
  const cheio = (path: string) => [...path.matchAll(/:(\w+)/g)].every((m) => params[m[1]!] !== undefined);
  const caminhos = def.paths.filter((p) => !p.bare);
  const base =
    (
      caminhos.find((p) => !p.readOnly && cheio(p.path)) ??
      caminhos.find((p) => cheio(p.path)) ??
      caminhos.find((p) => !p.readOnly) ??
      def.paths[0]
    )?.path ?? '';
  return `/api${base.replace(/:(\w+)/g, (_, nome: string) => encodeURIComponent(params[nome] ?? ''))}`;
}

export const listar = (base: string, p: URLSearchParams, signal?: AbortSignal) =>
  api<Pagina>(`${base}?${p}`, { signal });
export const obter = (base: string, id: string) => api<Registro>(`${base}/${encodeURIComponent(id)}`);
// writes run under the global loading curtain (spec §2.3)
export const criar = (base: string, corpo: Registro) =>
  comCarregamento(() => api<Registro | null>(base, { method: 'POST', body: corpo }));
export const atualizar = (base: string, id: string, corpo: Registro) =>
  comCarregamento(() => api<Registro>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body: corpo }));
export const excluir = (base: string, id: string) =>
  comCarregamento(() => api(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/**
 * The export is a binary download: lib/api decodes bodies as text, so this one call reads a
 * Blob with the same token and the same HttpError for the toast mapping.
 */
export function exportar(base: string, p: URLSearchParams, formato: 'xlsx' | 'csv', nome: string): Promise<void> {
  return comCarregamento(() => baixarExportacao(base, p, formato, nome));
}

async function baixarExportacao(base: string, p: URLSearchParams, formato: 'xlsx' | 'csv', nome: string) {
  const q = new URLSearchParams(p);
  q.delete('start');
  q.delete('count');
  q.set('format', formato);
  const token = lerTokens()?.accessToken;
  const res = await fetch(`${base}/export?${q}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    let data: unknown = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    throw new HttpError(res.status, `${base}/export`, data);
  }
  salvarBlob(await res.blob(), `${nome}.${formato}`);
}

/** The message, reasons and field errors of an API error, for inline explanations (409, 422). */
export const razoesDe = falhaDaApi;
