/**
 * The batch protocol of the vendor SDK (api-compat "Batch protocol"): `paramlist > items >
 * item{locator, entity}` answered by `{successes[{location}], errors[{locator, reasons}]}`. ONE protocol
 * for registers (a POST of the envelope to the register's own path, routes.ts) and commands
 * (`POST …/lote`, workflows/lote.ts): both read the envelope with `loteItemsOf` and answer with `runLote`.
 *
 * Atomicity is per item: each entity is validated and written exactly as a single POST would be
 * (its own transaction, its own audit row), so one bad item never discards the good ones — the
 * envelope lists both, which is what its shape implies. 201 when at least one item was created,
 * 422 (same envelope plus `message` and `reasons`) when none was.
 */
import { ApiError } from '../plugins/errors';

export interface LoteItem {
  locator: string;
  entity: unknown;
}

/** A parsed `paramlist` (XML) — told apart from a register's own body by its class. */
export class LoteBody {
  constructor(readonly items: LoteItem[]) {}
}

/** the most items a register batch takes (commands: `LOTE_MAX_COMANDO`, workflows/lote.ts) */
export const LOTE_MAX_ITENS = 500;

export interface LoteResult {
  status: 201 | 422;
  body: {
    message?: string;
    reasons?: string[];
    successes: { locator: string; location: string }[];
    errors: { locator: string; reasons: string[] }[];
  };
}

function isItem(x: unknown): x is LoteItem {
  return !!x && typeof x === 'object' && 'entity' in x;
}

/**
 * The batch items of a request body, or undefined when it is a plain single write. JSON clients may
 * send the same envelope: `{"paramlist": {"items": [...]}}` or `{"items": [{locator, entity}]}`.
 */
export function loteItemsOf(body: unknown): LoteItem[] | undefined {
  if (body instanceof LoteBody) return body.items;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const o = body as Record<string, unknown>;
  const env = (o.paramlist && typeof o.paramlist === 'object' ? o.paramlist : o) as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 1 || !Array.isArray(env.items) || !env.items.every(isItem)) return undefined;
  return env.items.map((it, i) => ({ locator: String(it.locator ?? i), entity: it.entity }));
}

/**
 * Runs `create` for every item in order (each all-or-nothing: its own transaction in `create`); ApiErrors
 * become the item's reasons, anything else aborts. `max`: the most items the endpoint takes (422 beyond).
 */
export async function runLote(
  items: LoteItem[],
  create: (entity: unknown, locator: string) => Promise<string>,
  max = LOTE_MAX_ITENS,
): Promise<LoteResult> {
  if (items.length === 0) throw new ApiError(422, 'O lote está vazio.', ['items: informe ao menos um item.']);
  if (items.length > max)
    throw new ApiError(422, `O lote tem itens demais: o máximo é ${max.toLocaleString('pt-BR')}.`, [
      `items: ${items.length.toLocaleString('pt-BR')} itens enviados.`,
    ]);
  const successes: LoteResult['body']['successes'] = [];
  const errors: LoteResult['body']['errors'] = [];
  for (const { locator, entity } of items) {
    try {
      if (!entity || typeof entity !== 'object')
        throw new ApiError(422, 'Item sem entidade.', ['entity: obrigatório.']);
      successes.push({ locator, location: await create(entity, locator) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      errors.push({ locator, reasons: err.reasons?.length ? err.reasons : [err.message] });
    }
  }
  if (successes.length) return { status: 201, body: { successes, errors } };
  return {
    status: 422,
    body: {
      message: 'Nenhum item do lote foi gravado.',
      reasons: errors.flatMap((e) => e.reasons.map((r) => `item ${e.locator}: ${r}`)),
      successes,
      errors,
    },
  };
}
