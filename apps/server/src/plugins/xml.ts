/**
 * XML content negotiation for the vendor SDK (api-compat "Content negotiation"), in one place for
 * every route: `Accept: application/xml` turns any JSON answer into XML with the roots the SDK reads
 * (`ResultList`, `Objects`, `ErrorResponse`, `ResultToken`, `ResultParamList`, entity roots such as
 * `Produto`), and `Content-Type: application/xml` bodies become the same objects the JSON path
 * validates (same validation, same messages). Register bodies are shaped by the declaration (which
 * fields are lists or groups); values stay strings, as the register normalisers accept them. Command bodies
 * are read by the command's contract (xml-contrato.ts: numbers, booleans, lists) and its answers, and the
 * reads under a created resource's path, take the root the command names (`Ajuste`), never `Object`.
 */
import { type FieldDef, REGISTERS, type RegisterDef } from '@retaguarda/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { LoteBody } from '../registers/lote';
import { ApiError } from './errors';
import { type Node, porContrato } from './xml-contrato';

export const XML_TYPE = 'application/xml; charset=utf-8';
const MSG_XML_INVALIDO = 'O corpo da requisição não é um XML válido.';
const LIST_TYPES = new Set(['children', 'multiEnum', 'multiReference', 'lojas']);
const MAX_DEPTH = 32;
/** element names that would reach an object's prototype: refused, never copied into a body */
const RESERVED_TAGS = new Set(['__proto__', 'constructor', 'prototype']);

// ---------- which register a route belongs to (longest path prefix) ----------

const PREFIXES: { prefix: string; def: RegisterDef }[] = REGISTERS.flatMap((def) =>
  def.paths.map((p) => ({ prefix: `/api${p.path}`, def })),
).sort((a, b) => b.prefix.length - a.prefix.length);

export function registerOfRoute(url: string | undefined): RegisterDef | undefined {
  if (!url) return undefined;
  return PREFIXES.find((p) => url === p.prefix || url.startsWith(`${p.prefix}/`))?.def;
}

/** `codigoAuxiliar` → `CodigoAuxiliar` (the SDK's entity roots). */
export const rootOf = (def: RegisterDef) => def.key.charAt(0).toUpperCase() + def.key.slice(1);

/** A command's XML face, in its route's `config.xml` (workflows/rotas.ts binds it from the declaration). */
export interface FaceXml {
  /** the body's contract (the path's id left out) */
  entrada?: z.ZodType;
  /** the answer's root (`Ajuste`) */
  raiz: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    xml?: FaceXml;
  }
}

/** Roots of the resources commands create, by path prefix: their reads answer under the same root. */
const RAIZES: { prefix: string; raiz: string }[] = [];

export function declararRaizXml(prefix: string, raiz: string): void {
  if (RAIZES.some((r) => r.prefix === prefix)) return;
  RAIZES.push({ prefix, raiz });
  RAIZES.sort((a, b) => b.prefix.length - a.prefix.length);
}

const faceDe = (request: FastifyRequest) => request.routeOptions.config?.xml;

function raizDaRota(request: FastifyRequest): string | undefined {
  const url = request.routeOptions.url;
  if (!url) return undefined;
  return faceDe(request)?.raiz ?? RAIZES.find((r) => url === r.prefix || url.startsWith(`${r.prefix}/`))?.raiz;
}

// ---------- negotiation ----------

function quality(accept: string, type: RegExp): number {
  let best = -1;
  for (const part of accept.split(',')) {
    const [media = '', ...params] = part.trim().split(';');
    if (!type.test(media.trim().toLowerCase())) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    best = Math.max(best, q === undefined ? 1 : Number(q));
  }
  return best;
}

/** XML only when asked for explicitly and preferred over JSON; a browser navigation keeps JSON. */
export function wantsXml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept || !/xml/i.test(accept) || /text\/html/i.test(accept)) return false;
  const xml = quality(accept, /^(application|text)\/xml$/);
  return xml > 0 && xml > quality(accept, /^application\/json$/);
}

// ---------- JSON value → XML ----------

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function tagOf(name: string): string {
  const t = name.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(t) && !/^xml/i.test(t) ? t : `_${t}`;
}

const ITEM_NAMES: Record<string, string> = { reasons: 'reason', successes: 'success', errors: 'error' };

function element(name: string, value: unknown, itemName: (list: string) => string): string {
  const tag = tagOf(name);
  if (value === null || value === undefined) return `<${tag}/>`;
  if (Array.isArray(value)) {
    const child = itemName(name);
    return `<${tag}>${value.map((v) => element(child, v, itemName)).join('')}</${tag}>`;
  }
  if (typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => element(k, v, itemName))
      .join('');
    return `<${tag}>${inner}</${tag}>`;
  }
  return `<${tag}>${escapeXml(String(value))}</${tag}>`;
}

/** The root the SDK expects for this answer. */
export function xmlRootOf(data: unknown, status: number, def: RegisterDef | undefined, raiz?: string): string {
  if (Array.isArray(data)) return 'Objects';
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    if (Array.isArray(o.successes) && Array.isArray(o.errors)) return 'ResultParamList';
    if (status >= 400 && typeof o.message === 'string') return 'ErrorResponse';
    if (typeof o.accessToken === 'string') return 'ResultToken';
    if (Array.isArray(o.items)) return 'ResultList';
  }
  return def ? rootOf(def) : (raiz ?? 'Object');
}

export function toXml(data: unknown, status: number, def: RegisterDef | undefined, raiz?: string): string {
  const root = xmlRootOf(data, status, def, raiz);
  // the SDK's ErrorResponse is {message, reasons/*}: the field errors as data are the JSON forms' own
  if (root === 'ErrorResponse') {
    const { erros: _erros, ...corpo } = data as Record<string, unknown>;
    data = corpo;
  }
  const entity = def ? rootOf(def) : 'item';
  const itemName = (list: string) => ITEM_NAMES[list] ?? (list === 'items' || list === 'Objects' ? entity : 'item');
  const body = root === 'Objects' ? element('Objects', data, () => entity) : element(root, data ?? null, itemName);
  return `<?xml version="1.0" encoding="UTF-8"?>${body}`;
}

// ---------- XML → JSON value ----------

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  isArray: () => true,
  processEntities: true,
  htmlEntities: false,
  // our bodies are a few levels deep (ParamList → items → item → entity → children → item → field)
  maxNestedTags: MAX_DEPTH,
});

const isList = (f: FieldDef | undefined) => !!f && LIST_TYPES.has(f.type);

/** The children of a list element, whatever their tag (`<lojas><item>1</item></lojas>`). */
function listItems(n: Node | undefined): Node[] {
  if (n === undefined || typeof n === 'string') return n ? [n] : [];
  return Object.values(n).flat();
}

function convert(n: Node, fields: readonly FieldDef[] | undefined): unknown {
  if (typeof n === 'string') return n === '' ? null : n;
  const out: Record<string, unknown> = {};
  for (const [tag, occ] of Object.entries(n)) {
    if (RESERVED_TAGS.has(tag)) throw new ApiError(400, MSG_XML_INVALIDO, [`Elemento não permitido: <${tag}>.`]);
    const f = fields?.find((x) => x.name === tag);
    if (isList(f)) {
      // wrapped (<lojas><item/>…</lojas>) or repeated (<lojas>1</lojas><lojas>2</lojas>)
      const items = occ.length === 1 && typeof occ[0] !== 'string' ? listItems(occ[0]) : occ.filter((x) => x !== '');
      out[tag] = items.map((x) => convert(x, f!.type === 'children' ? f!.fields : undefined));
    } else if (f) out[tag] = convert(occ[0]!, f.type === 'group' ? f.fields : undefined);
    else out[tag] = genericOf(occ);
  }
  return out;
}

/** Undeclared elements: repeated → list; one wrapper of repeated children → list; else object/text. */
function genericOf(occ: Node[]): unknown {
  if (occ.length > 1) return occ.map((x) => convert(x, undefined));
  const only = occ[0]!;
  if (typeof only !== 'string') {
    const keys = Object.keys(only);
    if (keys.length === 1 && (only[keys[0]!]!.length > 1 || keys[0] === 'item'))
      return only[keys[0]!]!.map((x) => convert(x, undefined));
  }
  return convert(only, undefined);
}

/** The plain reading, refusing reserved names (the contract reader calls it for undeclared elements). */
function genericoSeguro(occ: Node[]): unknown {
  for (const o of occ)
    if (typeof o !== 'string')
      for (const tag of Object.keys(o))
        if (RESERVED_TAGS.has(tag)) throw new ApiError(400, MSG_XML_INVALIDO, [`Elemento não permitido: <${tag}>.`]);
  return genericOf(occ);
}

function loteOf(root: Node, def: RegisterDef | undefined, contrato?: z.ZodType): LoteBody {
  const items = typeof root === 'string' ? [] : listItems(root.items?.[0]);
  return new LoteBody(
    items.map((it) => {
      const o = typeof it === 'string' ? {} : it;
      const locator = typeof o.locator?.[0] === 'string' ? (o.locator[0] as string) : '';
      if (!o.entity) return { locator, entity: undefined };
      // a command's batch (workflows/lote.ts): each entity read by the command's contract
      if (contrato && !def) return { locator, entity: porContrato([o.entity[0]!], contrato, genericoSeguro) ?? {} };
      return { locator, entity: convert(o.entity[0]!, def?.fields) ?? {} };
    }),
  );
}

function xmlRefusal(err: unknown): string {
  const text = err instanceof Error ? err.message : '';
  if (/nested/i.test(text)) return `O XML passa de ${MAX_DEPTH} níveis de elementos.`;
  if (/__proto__|reserved|prototype/i.test(text)) return 'O XML usa um nome de elemento reservado.';
  return 'O XML não pôde ser lido.';
}

/** An XML body (root element stripped) as the JSON path would receive it; `contrato`: a command's input. */
export function parseXmlBody(text: string, def: RegisterDef | undefined, contrato?: z.ZodType): unknown {
  const trimmed = text.trim();
  // the SDK sends its login body as JSON under an XML content type
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      throw new ApiError(400, 'O corpo da requisição não é um JSON válido.');
    }
  }
  if (trimmed === '') return undefined;
  // no DTDs at all: no entity expansion, no external entities
  if (/<!DOCTYPE|<!ENTITY/i.test(trimmed) || XMLValidator.validate(trimmed) !== true) {
    throw new ApiError(400, MSG_XML_INVALIDO);
  }
  let doc: Record<string, Node[]>;
  try {
    doc = parser.parse(trimmed) as Record<string, Node[]>;
  } catch (err) {
    // too deep, or a reserved name (__proto__): the parser's own refusals are the client's fault
    throw new ApiError(400, MSG_XML_INVALIDO, [xmlRefusal(err)]);
  }
  const [rootTag, occ] = Object.entries(doc)[0] ?? [];
  if (!rootTag || !occ?.length) throw new ApiError(400, MSG_XML_INVALIDO);
  if (rootTag.toLowerCase() === 'paramlist') return loteOf(occ[0]!, def, contrato);
  if (contrato && !def) return porContrato([occ[0]!], contrato, genericoSeguro);
  return convert(occ[0]!, def?.fields);
}

// ---------- the plugin ----------

async function xml(app: FastifyInstance, opts: { bodyLimit?: number }) {
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: opts.bodyLimit },
    (request, body, done) => {
      try {
        // a route that declares its contract (a command, the POS feed) is read by it, even under a register's path
        const face = faceDe(request);
        const def = face ? undefined : registerOfRoute(request.routeOptions.url);
        done(null, parseXmlBody(String(body), def, face?.entrada));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );

  // callback style: the hot path (JSON clients) pays one header test and no promise
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (!wantsXml(request) || !/^application\/json/i.test(String(reply.getHeader('content-type') ?? '')))
      return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    let data: unknown;
    try {
      data = JSON.parse(String(payload));
    } catch {
      return done(null, payload);
    }
    reply.header('content-type', XML_TYPE);
    reply.removeHeader('content-length');
    const def = faceDe(request) ? undefined : registerOfRoute(request.routeOptions.url);
    done(null, toXml(data, reply.statusCode, def, raizDaRota(request)));
  });
}

export const xmlPlugin = fp(xml, { name: 'xml' });
