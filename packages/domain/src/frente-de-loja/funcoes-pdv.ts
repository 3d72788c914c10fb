/**
 * Funções PDV (domain §4): the catalogue of POS functions (seed: CAIXA, VENDA, FINANCEIRO, CONSULTA, ADMIN),
 * each store's matrix função × perfil (habilitada, exige autorização de supervisor, limite) and its version.
 * A function's limit is a percentage (maximum discount) or money (maximum sangria); `decimalTexto` on the wire.
 */
import { z } from 'zod';
import { instante } from '../contrato';
import { Decimal } from '../decimal/decimal';
import { decimalTexto } from '../decimal/esquema';

export const PERFIS_PDV = ['OPERADOR', 'FISCAL_CAIXA', 'GERENTE'] as const;
export type PerfilPdv = (typeof PERFIS_PDV)[number];
export const ROTULO_PERFIL_PDV: Record<PerfilPdv, string> = {
  OPERADOR: 'Operador',
  FISCAL_CAIXA: 'Fiscal de caixa',
  GERENTE: 'Gerente',
};

export const GRUPOS_FUNCAO_PDV = ['CAIXA', 'VENDA', 'FINANCEIRO', 'CONSULTA', 'ADMIN'] as const;
export type GrupoFuncaoPdv = (typeof GRUPOS_FUNCAO_PDV)[number];
export const ROTULO_GRUPO_FUNCAO_PDV: Record<GrupoFuncaoPdv, string> = {
  CAIXA: 'Caixa',
  VENDA: 'Venda',
  FINANCEIRO: 'Financeiro',
  CONSULTA: 'Consulta',
  ADMIN: 'Administração',
};

/** PERCENTUAL: up to 100 % (discounts); VALOR: money (sangria). */
export type TipoLimitePdv = 'PERCENTUAL' | 'VALOR';

export interface FuncaoPdvCatalogo {
  codigo: string;
  grupo: GrupoFuncaoPdv;
  descricao: string;
  limite?: { tipo: TipoLimitePdv; rotulo: string };
  /** the seed: which profiles have it and which need a supervisor */
  padrao: Record<PerfilPdv, { habilitada: boolean; exigeAutorizacaoSupervisor: boolean }>;
}

const todos = { habilitada: true, exigeAutorizacaoSupervisor: false };
const comSupervisor = { habilitada: true, exigeAutorizacaoSupervisor: true };
const nao = { habilitada: false, exigeAutorizacaoSupervisor: false };
const livre = { OPERADOR: todos, FISCAL_CAIXA: todos, GERENTE: todos };
const supervisionada = { OPERADOR: comSupervisor, FISCAL_CAIXA: todos, GERENTE: todos };
const gerencial = { OPERADOR: nao, FISCAL_CAIXA: comSupervisor, GERENTE: todos };
const f = (
  codigo: string,
  grupo: GrupoFuncaoPdv,
  descricao: string,
  padrao: FuncaoPdvCatalogo['padrao'],
  limite?: FuncaoPdvCatalogo['limite'],
): FuncaoPdvCatalogo => ({ codigo, grupo, descricao, padrao, ...(limite ? { limite } : {}) });

export const CATALOGO_FUNCOES_PDV: readonly FuncaoPdvCatalogo[] = [
  f('ABERTURA_CAIXA', 'CAIXA', 'Abertura de caixa', livre),
  f('FECHAMENTO_CAIXA', 'CAIXA', 'Fechamento de caixa', livre),
  f('SANGRIA', 'CAIXA', 'Sangria', supervisionada, { tipo: 'VALOR', rotulo: 'Sangria máxima (R$)' }),
  f('SUPRIMENTO', 'CAIXA', 'Suprimento', supervisionada),
  f('ABRIR_GAVETA', 'CAIXA', 'Abrir gaveta', supervisionada),
  f('CANCELAR_ITEM', 'VENDA', 'Cancelar item', supervisionada),
  f('CANCELAR_ULTIMO_CUPOM', 'VENDA', 'Cancelar último cupom', gerencial),
  f('CANCELAR_CUPOM', 'VENDA', 'Cancelar cupom', gerencial),
  f('DESCONTO_ITEM', 'VENDA', 'Desconto no item', supervisionada, {
    tipo: 'PERCENTUAL',
    rotulo: 'Desconto máximo (%)',
  }),
  f('DESCONTO_TOTAL', 'VENDA', 'Desconto no total', supervisionada, {
    tipo: 'PERCENTUAL',
    rotulo: 'Desconto máximo (%)',
  }),
  f('ACRESCIMO', 'VENDA', 'Acréscimo', livre),
  f('ALTERAR_PRECO', 'VENDA', 'Alterar preço', gerencial),
  f('CPF_NA_NOTA', 'VENDA', 'CPF na nota', livre),
  f('VENDEDOR_NO_ITEM', 'VENDA', 'Vendedor no item', livre),
  f('IMPORTAR_PRE_VENDA', 'VENDA', 'Importar pré-venda', livre),
  f('TROCA_VALE_TROCA', 'VENDA', 'Troca / vale-troca', gerencial),
  f('CONTINGENCIA', 'VENDA', 'Contingência', gerencial),
  f('VENDA_A_PRAZO', 'FINANCEIRO', 'Venda a prazo', supervisionada),
  f('RECEBIMENTO_CREDIARIO', 'FINANCEIRO', 'Recebimento de crediário', livre),
  f('CONSULTA_PRECO', 'CONSULTA', 'Consulta de preço', livre),
  f('CONSULTA_ESTOQUE', 'CONSULTA', 'Consulta de estoque', livre),
  f('REIMPRESSAO', 'CONSULTA', 'Reimpressão', supervisionada),
  f('RELATORIO_GERENCIAL', 'ADMIN', 'Relatório gerencial', gerencial),
];

const porCodigo = new Map(CATALOGO_FUNCOES_PDV.map((x) => [x.codigo, x]));
export const funcaoPdv = (codigo: string): FuncaoPdvCatalogo | undefined => porCodigo.get(codigo);

export const MSG_FUNCOES_PDV = {
  entidade: 'funções PDV',
  funcaoDesconhecida: 'função PDV desconhecida.',
  semLimite: 'esta função não tem limite.',
  percentualAcima: 'o limite percentual vai até 100.',
  repetida: 'função e perfil repetidos.',
  versaoDesatualizada: 'As funções PDV desta loja foram alteradas por outra pessoa. Recarregue e refaça a alteração.',
  mesmaLoja: 'escolha lojas diferentes da loja de origem.',
} as const;

export const itemFuncaoPdv = z.object({
  funcao: z.string().refine((c) => porCodigo.has(c), { message: MSG_FUNCOES_PDV.funcaoDesconhecida }),
  perfil: z.enum(PERFIS_PDV),
  habilitada: z.boolean(),
  exigeAutorizacaoSupervisor: z.boolean(),
  limite: decimalTexto({ casas: 2, naoNegativo: true }).nullish(),
});
export type ItemFuncaoPdv = z.input<typeof itemFuncaoPdv>;

/** Field errors of a matrix (limits only on functions that have one; percentages ≤ 100; no repeats). */
export function falhasDaMatriz(
  itens: readonly z.output<typeof itemFuncaoPdv>[],
): { campo: string; mensagem: string }[] {
  const falhas: { campo: string; mensagem: string }[] = [];
  const vistos = new Set<string>();
  itens.forEach((i, n) => {
    const k = `${i.funcao}:${i.perfil}`;
    if (vistos.has(k)) falhas.push({ campo: `itens.${n}`, mensagem: MSG_FUNCOES_PDV.repetida });
    vistos.add(k);
    const def = porCodigo.get(i.funcao);
    if (i.limite == null || !def) return;
    if (!def.limite) falhas.push({ campo: `itens.${n}.limite`, mensagem: MSG_FUNCOES_PDV.semLimite });
    else if (def.limite.tipo === 'PERCENTUAL' && Decimal.de(String(i.limite)).comparar('100') > 0)
      falhas.push({ campo: `itens.${n}.limite`, mensagem: MSG_FUNCOES_PDV.percentualAcima });
  });
  return falhas;
}

/** The catalogue's default matrix (a store that never saved one: version 0). */
export function matrizPadrao(): z.input<typeof itemFuncaoPdv>[] {
  return CATALOGO_FUNCOES_PDV.flatMap((fn) =>
    PERFIS_PDV.map((perfil) => ({ funcao: fn.codigo, perfil, ...fn.padrao[perfil], limite: null })),
  );
}

/** The matrix a save sends: every cell of the catalogue, the missing ones from the defaults. */
export function completarMatriz<T extends { funcao: string; perfil: PerfilPdv }>(
  itens: readonly T[],
): (T | ReturnType<typeof matrizPadrao>[number])[] {
  const dados = new Map(itens.map((i) => [`${i.funcao}:${i.perfil}`, i]));
  return matrizPadrao().map((p) => dados.get(`${p.funcao}:${p.perfil}`) ?? p);
}

export const matrizFuncoesPdv = z.object({
  lojaId: z.number(),
  versao: z.number(),
  alteradoEm: instante.nullable(),
  itens: z.array(itemFuncaoPdv.extend({ limite: z.string().nullable() })),
  /** the store's POS terminals and the version each acknowledged */
  terminais: z.array(
    z.object({ dispositivoId: z.number(), nome: z.string(), numeroCaixa: z.number().nullable(), versao: z.number() }),
  ),
});
export type MatrizFuncoesPdv = z.input<typeof matrizFuncoesPdv>;

export const resumoFuncoesPdvLoja = z.object({
  lojaId: z.number(),
  pdvs: z.number(),
  funcoesAtivas: z.number(),
  exigemSupervisor: z.number(),
  versao: z.number(),
  pendentes: z.number(),
  ultimaSincronizacao: instante.nullable(),
});
export const listaFuncoesPdv = z.object({ items: z.array(resumoFuncoesPdvLoja) });
export type ResumoFuncoesPdvLoja = z.input<typeof resumoFuncoesPdvLoja>;

/** Counters of a matrix: functions enabled for some profile, and those needing a supervisor for some profile. */
export function contarMatriz(
  itens: readonly { funcao: string; habilitada: boolean; exigeAutorizacaoSupervisor: boolean }[],
) {
  const ativas = new Set(itens.filter((i) => i.habilitada).map((i) => i.funcao));
  const supervisor = new Set(itens.filter((i) => i.habilitada && i.exigeAutorizacaoSupervisor).map((i) => i.funcao));
  return { funcoesAtivas: ativas.size, exigemSupervisor: supervisor.size };
}
