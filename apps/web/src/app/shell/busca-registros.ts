/**
 * Ctrl+K also finds records: products by code, EAN or description and suppliers by CNPJ/CPF or name,
 * through the registers' own list APIs (the user's grants decide which are asked).
 */
import { emitRsql, perm, type RegisterDef, registerByKey, rsql } from '@retaguarda/domain';
import { listar, type Registro, caminhoApi } from '../../registers/api';
import { rsqlDaBusca } from '../../registers/consulta';
import { rotuloDe } from '../../registers/fields/rotulos';
import { rotaDaLista, urlDoFormulario } from '../../registers/permissoes';

export interface RegistroEncontrado {
  id: string;
  rotulo: string;
  /** 'Produto', 'Fornecedor' (and how it was found: 'EAN 7891000100103') */
  descricao: string;
  url: string;
}

const POR_CADASTRO = 5;
const BUSCAVEIS = ['produto', 'fornecedor'] as const;

/** Accent- and case-insensitive form of a text ("Pão" and "pao" match). */
export function normalizar(t: string): string {
  return t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The screens whose name or menu path holds every word typed, accents and case aside. */
export function casaComTela(busca: string, ...textos: (string | undefined)[]): boolean {
  const alvo = normalizar(textos.filter(Boolean).join(' '));
  return normalizar(busca)
    .split(/\s+/)
    .filter(Boolean)
    .every((p) => alvo.includes(p));
}

function urlDe(def: RegisterDef, concedidas: readonly string[], id: string): string {
  return urlDoFormulario(def, concedidas, id) ?? `${rotaDaLista(def)}?registro=${encodeURIComponent(id)}`;
}

const pagina = (q: string | undefined, count = POR_CADASTRO) => {
  const p = new URLSearchParams({ start: '0', count: String(count) });
  if (q) p.set('q', q);
  return p;
};

async function porEan(t: string, concedidas: readonly string[], signal: AbortSignal): Promise<RegistroEncontrado[]> {
  const codigos = registerByKey('codigoAuxiliar');
  const produto = registerByKey('produto');
  if (!codigos || !produto) return [];
  const achados = (await listar(caminhoApi(codigos), pagina(emitRsql(rsql.eq('id', t)), 3), signal)).items;
  const ids = [...new Set(achados.map((c) => c.produtoId))].filter((v) => v !== null && v !== undefined);
  if (!ids.length) return [];
  const produtos = (await listar(caminhoApi(produto), pagina(emitRsql(rsql.in('id', ids as number[]))), signal)).items;
  return produtos.map((p) => ({
    id: `produto:${String(p.id)}`,
    rotulo: rotuloDe(produto, p),
    descricao: `Produto · EAN ${t}`,
    url: urlDe(produto, concedidas, String(p.id)),
  }));
}

/** Up to 5 records per register for the text typed (at least 2 characters). */
export async function buscarRegistros(
  texto: string,
  concedidas: readonly string[],
  signal: AbortSignal,
): Promise<RegistroEncontrado[]> {
  const t = texto.trim();
  if (t.length < 2) return [];
  const buscas = BUSCAVEIS.map((k) => registerByKey(k))
    .filter((def): def is RegisterDef => !!def && concedidas.includes(perm(def.permissao, 'ACESSO')))
    .map(async (def) => {
      const itens: Registro[] = (await listar(caminhoApi(def), pagina(emitRsql(rsqlDaBusca(def, t))), signal)).items;
      return itens.map((i) => ({
        id: `${def.key}:${String(i.id)}`,
        rotulo: rotuloDe(def, i),
        descricao: def.label.singular,
        url: urlDe(def, concedidas, String(i.id)),
      }));
    });
  const ean =
    /^\d{8,14}$/.test(t) && concedidas.includes(perm('PRODUTO', 'ACESSO')) ? [porEan(t, concedidas, signal)] : [];
  const listas = await Promise.allSettled([...ean, ...buscas]);
  const vistos = new Set<string>();
  return listas
    .flatMap((r) => (r.status === 'fulfilled' ? r.value : []))
    .filter((r) => !vistos.has(r.id) && vistos.add(r.id));
}
