/**
 * An XML body read by the command's zod contract (the vendor SDK posts `<Ajuste>…` with every value a string):
 * numbers and booleans the contract wants are coerced from their text, a list the contract declares is a list
 * however the SDK wrote it (one `<values>` element, a wrapper of repeated children, or the element repeated),
 * objects follow the contract's shape. Anything the text cannot be (`"abc"` for a number) stays text, so the
 * contract's own message answers (422), never a guess.
 */
import type { z } from 'zod';

/** Every element parsed as a list of occurrences: `{tag: [text | {child: [...]}]}` (xml.ts). */
export type Node = string | { [tag: string]: Node[] };

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  left?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const EMBRULHOS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'catch', 'readonly']);

/** The schema under its wrappers (optional, default, pipe…), and whether null is accepted. */
function nucleo(s: z.ZodType): { def: Def; anulavel: boolean } {
  let def = defOf(s);
  let anulavel = false;
  for (let i = 0; i < 20; i++) {
    if (def.type === 'nullable') anulavel = true;
    const prox = EMBRULHOS.has(def.type)
      ? def.innerType
      : def.type === 'pipe'
        ? def.in
        : def.type === 'lazy'
          ? def.getter?.()
          : undefined;
    if (!prox) break;
    def = defOf(prox);
  }
  return { def, anulavel };
}

function formaDe(def: Def): Record<string, z.ZodType> | undefined {
  if (def.type === 'object') return def.shape;
  if (def.type === 'intersection' && def.left) {
    const l = nucleo(def.left).def;
    return l.type === 'object' ? l.shape : undefined;
  }
  return undefined;
}

const NUMERO = /^[-+]?\d+(\.\d+)?$/;

function escalar(texto: string, def: Def, anulavel: boolean): unknown {
  if (texto === '') return anulavel ? null : undefined;
  const t = texto.trim();
  if ((def.type === 'number' || def.type === 'int') && NUMERO.test(t)) return Number(t);
  if (def.type === 'boolean' && /^(true|false)$/i.test(t)) return t.toLowerCase() === 'true';
  if (def.type === 'union' && def.options?.length) {
    const tipos = def.options.map((o) => nucleo(o).def.type);
    if (!tipos.includes('string') && tipos.includes('number') && NUMERO.test(t)) return Number(t);
    if (!tipos.includes('string') && tipos.includes('boolean') && /^(true|false)$/i.test(t))
      return t.toLowerCase() === 'true';
  }
  return texto;
}

/**
 * The value of an element's occurrences by its schema. `generico` reads what the contract does not declare
 * (the plain reading of xml.ts).
 */
export function porContrato(occ: Node[], schema: z.ZodType, generico: (occ: Node[]) => unknown): unknown {
  const { def, anulavel } = nucleo(schema);
  if (def.type === 'array' && def.element) {
    const elemento = def.element;
    const forma = formaDe(nucleo(elemento).def);
    const itens: Node[] = [];
    if (occ.length > 1) itens.push(...occ);
    else if (occ.length === 1) {
      const o = occ[0]!;
      if (typeof o === 'string') {
        if (o !== '') itens.push(o);
      } else if (forma && Object.keys(o).some((k) => k in forma))
        itens.push(o); // the item itself, written once
      else itens.push(...Object.values(o).flat()); // a wrapper: <entidades><values>…</values></entidades>
    }
    return itens.map((x) => porContrato([x], elemento, generico));
  }
  const forma = formaDe(def);
  const o = occ[0];
  if (o === undefined) return undefined;
  if (forma) {
    if (typeof o === 'string') return o === '' && anulavel ? null : o === '' ? undefined : o;
    const out: Record<string, unknown> = {};
    for (const [tag, filhos] of Object.entries(o)) {
      const campo = Object.hasOwn(forma, tag) ? forma[tag] : undefined;
      out[tag] = campo ? porContrato(filhos, campo, generico) : generico(filhos);
    }
    return out;
  }
  if (typeof o !== 'string') return generico(occ);
  return escalar(o, def, anulavel);
}
