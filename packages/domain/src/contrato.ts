/**
 * Shared pieces of the bespoke API contracts (`<area>/*.contrato.ts`): the error body, field errors and
 * instants. The server validates bodies into `z.output` and encodes answers from `z.output`
 * (fastify-type-provider-zod), so the wire is `z.input`: the web types its calls with `z.input`.
 */
import { z } from 'zod';
import { textoLocal } from './tempo/zonas';

/**
 * An instant: on the wire local ISO text `YYYY-MM-DDTHH:mm:ss` in the business zone, the registers'
 * format (api-compat "Dates": clients slice the first 19 characters); on the server a `Date` (as the
 * database hands it) or text. Encoding an answer writes every instant, offset text included, this one way.
 */
export const instante = z.codec(z.string(), z.union([z.date(), z.string()]), {
  decode: (texto) => texto,
  encode: (v) => textoDoInstante(v),
});

function textoDoInstante(v: Date | string): string {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : textoLocal(v);
  // text with an offset (`…Z`, `…-03:00`) is an instant too; local text is already the format
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(v) ? textoLocal(new Date(v)) : v;
}

/**
 * Business dates (habit 11, issue 26): the range the system takes. Nothing of a back office predates 2000
 * (`0001-01-01` posted an adjustment before the bound), nor is planned past 2099.
 */
export const DATA_MINIMA = '2000-01-01';
export const DATA_MAXIMA = '2099-12-31';

const DATA = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const FORMATO_DATA = 'informe a data no formato AAAA-MM-DD.';

/**
 * Why `texto` is not a business date (`YYYY-MM-DD`, or a local `YYYY-MM-DDTHH:mm[:ss]` when `comHora`), or
 * undefined. Each part is checked as a number (no `Date` of a malformed text: that threw a 500).
 */
export function falhaDaData(texto: string, comHora = false): string | undefined {
  const m = texto.length <= 40 ? DATA.exec(texto) : null;
  if (!m || (!comHora && m[4] !== undefined)) return FORMATO_DATA;
  const [a, mes, dia] = [+m[1]!, +m[2]!, +m[3]!];
  const dias = new Date(Date.UTC(a, mes, 0)).getUTCDate();
  if (mes < 1 || mes > 12 || dia < 1 || dia > dias) return 'data inexistente.';
  if (m[4] !== undefined && (+m[4] > 23 || +m[5]! > 59 || +(m[6] ?? 0) > 59)) return 'hora inexistente.';
  const d = texto.slice(0, 10);
  if (d < DATA_MINIMA) return 'a data deve ser a partir de 01/01/2000.';
  if (d > DATA_MAXIMA) return 'a data deve ser até 31/12/2099.';
  return undefined;
}

/**
 * THE business date of every contract: `YYYY-MM-DD` (store-local) that exists, within DATA_MINIMA..DATA_MAXIMA.
 * `comHora`: integrations may send a local date and time (`2026-11-27T10:00:00`), whose date part is kept.
 * `informe`: the message for a missing or non-text value.
 */
export function dataDeNegocio({
  comHora = false,
  informe = FORMATO_DATA,
}: {
  comHora?: boolean;
  informe?: string;
} = {}) {
  return z.string({ error: informe }).transform((v, ctx) => {
    const texto = v.trim();
    const falha = falhaDaData(texto, comHora);
    if (falha) {
      ctx.addIssue({ code: 'custom', message: falha });
      return z.NEVER;
    }
    return texto.slice(0, 10);
  });
}

/**
 * The command inputs whose business date asks for confirmation beyond a year back, with the date's field:
 * the command backbone (server workflows) checks it against the store's today, before any step.
 */
export const datasDeNegocio = z.registry<{ campo: string }>();

/** The input flag that confirms a business date more than a year before the store's today. */
export const confirmarDataAntiga = z.boolean({ error: 'informe true ou false.' }).optional();

/** The day a year before `hoje` (29/02 → 28/02): an earlier business date asks for confirmation. */
export function umAnoAntes(hoje: string): string {
  const a = String(+hoje.slice(0, 4) - 1).padStart(4, '0');
  const md = hoje.slice(5) === '02-29' ? '02-28' : hoje.slice(5);
  return `${a}-${md}`;
}

/** Why a business date needs confirmation (more than a year before the store's `hoje`), or undefined. */
export function falhaDaDataAntiga(data: string, hoje: string, confirmada: boolean | undefined): string | undefined {
  const limite = umAnoAntes(hoje);
  if (confirmada || data >= limite) return undefined;
  const [a, m, d] = limite.split('-');
  return `a data é anterior a ${d}/${m}/${a} (mais de um ano atrás): confirme o lançamento retroativo (confirmarDataAntiga: true).`;
}

/** One field's error as the forms read it (`campo` is the field's path, `lojasUsuario` or `cests.0.cest`). */
export const erroDeCampo = z.object({ campo: z.string(), mensagem: z.string() });
export type ErroDeCampo = z.infer<typeof erroDeCampo>;

/**
 * Every error answer (spec §8): `reasons` are the strings clients read and show; `erros` the same field
 * errors as data, for the forms (422, and 409 tied to a field).
 */
export const corpoDeErro = z.object({
  message: z.string(),
  reasons: z.array(z.string()).optional(),
  erros: z.array(erroDeCampo).optional(),
});
export type CorpoDeErro = z.infer<typeof corpoDeErro>;

/** A field error as the server builds it: the label, when known, goes into the reason only. */
export interface FalhaDeCampo extends ErroDeCampo {
  rotulo?: string;
}

export const falhaDeCampo = (campo: string, mensagem: string, rotulo?: string): FalhaDeCampo =>
  rotulo ? { campo, mensagem, rotulo } : { campo, mensagem };

/** A message as a sentence: capital first letter, final full stop ("já está em uso" → "Já está em uso."). */
export function frase(mensagem: string): string {
  const t = mensagem.trim();
  if (!t) return t;
  const c = t.charAt(0).toLocaleUpperCase('pt-BR') + t.slice(1);
  return /[.!?…:)]$/.test(c) ? c : `${c}.`;
}

/**
 * The reason string of a field error, as people read it: `Rótulo: Mensagem.` ("Descrição: Já
 * cadastrada."), or the sentence alone when no label is known — never the internal name (`descricao:`,
 * `id:`): machines read the name from `erros[].campo`. Nothing in api-compat or the spec parses reasons.
 */
export function razaoDeCampo(f: FalhaDeCampo): string {
  const rotulo = f.rotulo ?? ROTULOS_COMUNS[f.campo.split('.').filter((p) => !/^\d+$/.test(p))[0] ?? ''];
  return rotulo ? `${rotulo}: ${frase(f.mensagem)}` : frase(f.mensagem);
}

/**
 * Labels of the fields of the bespoke endpoints (users, groups, keys, notifications, push), whose rules
 * name a field without a register behind it to give its label; the register engine uses its declarations.
 */
export const ROTULOS_COMUNS: Readonly<Record<string, string>> = {
  nome: 'Nome',
  username: 'Nome de usuário',
  senha: 'Senha',
  email: 'E-mail',
  lojasUsuario: 'Lojas',
  lojas: 'Lojas',
  grupos: 'Grupos',
  membros: 'Membros',
  permissoes: 'Permissões',
  administrador: 'Administrador',
  tipoCliente: 'Tipo de cliente',
  avatarUuid: 'Foto',
  usuarioId: 'Destinatário',
  token: 'Token',
  descricao: 'Descrição',
  codigo: 'Código',
  id: 'Código',
};

/** The `{total, items}` answer of a short unpaged list (keys, sessions, counters per store). */
export const listaCurta = <T extends z.ZodType>(item: T) => z.object({ total: z.number(), items: z.array(item) });
