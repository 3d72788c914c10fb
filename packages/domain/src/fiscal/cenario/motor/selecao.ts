/**
 * Which candidate rules apply (domain.md §3.5, resolution 2): among the rules in force that match, the most
 * specific wins. Specificity is compared key by key, the first difference decides:
 *   NCM rules:      scope (NCM+exceção > NCM > grupo) · CEST given · origem given · ufDestino given · ufOrigem given ·
 *                   ramo given · CRT given · later vigenciaInicio · lower id
 *   operação rules: ramo given · later vigenciaInicio · lower id
 * The last two keys make the choice deterministic: the same input always gives the same winner, whatever
 * the order the candidates came in. Every candidate gets its reason (aplicada / why it did not match /
 * which key made it lose).
 */
import type { Uf } from '../../../assinante';
import { type Abrangencia, ehEntrada, usaCsosn } from '../codigos';
import type { CenarioNcm, CenarioOperacao } from '../contrato';
import type { RegraAvaliada } from '../simulacao.contrato';
import { MSG_CENARIO } from '../mensagens';
import type { LojaMotor, OperacaoMotor, ProdutoMotor } from './tipos';

const M = MSG_CENARIO.motivo;
const P = MSG_CENARIO.porque;

export interface Escolha<T> {
  vencedora: T | null;
  regras: RegraAvaliada[];
}

interface Chave {
  valor: number;
  porque: string;
}

export const emVigencia = (inicio: string, fim: string | null, data: string): boolean =>
  inicio <= data && (fim === null || fim >= data);

export function abrangenciaDe(ufLoja: Uf, contraparte: Uf | 'EX'): Abrangencia {
  if (contraparte === 'EX') return 'EXTERIOR';
  return contraparte === ufLoja ? 'ESTADUAL' : 'INTERESTADUAL';
}

/** The goods' route: an exit goes store → other party, an entry other party → store. */
export function rota(loja: LojaMotor, op: OperacaoMotor): { ufOrigem: Uf | 'EX'; ufDestino: Uf | 'EX' } {
  return ehEntrada(op.tipo)
    ? { ufOrigem: op.ufContraparte, ufDestino: loja.uf }
    : { ufOrigem: loja.uf, ufDestino: op.ufContraparte };
}

const dia = (data: string): number => Number(data.replaceAll('-', ''));

/** Sorts the matching candidates, winner first, and explains every loser by the first key that differs. */
function ordenar<T extends { id: number }>(
  casam: { regra: T; chaves: Chave[] }[],
): { vencedora: T | null; perdeu: Map<number, string> } {
  const comparar = (a: Chave[], b: Chave[]): number => {
    for (let i = 0; i < a.length; i++) if (a[i]!.valor !== b[i]!.valor) return b[i]!.valor - a[i]!.valor;
    return 0;
  };
  const ordem = [...casam].sort((a, b) => comparar(a.chaves, b.chaves) || a.regra.id - b.regra.id);
  const primeira = ordem[0];
  const perdeu = new Map<number, string>();
  if (!primeira) return { vencedora: null, perdeu };
  for (const outra of ordem.slice(1)) {
    const i = primeira.chaves.findIndex((k, j) => k.valor !== outra.chaves[j]!.valor);
    perdeu.set(
      outra.regra.id,
      i < 0 ? M.empate(primeira.regra.id) : M.menosEspecifica(primeira.regra.id, primeira.chaves[i]!.porque),
    );
  }
  return { vencedora: primeira.regra, perdeu };
}

const especificidade = (chaves: Chave[], pesos: number[]): number =>
  pesos.reduce((s, peso, i) => s + Math.min(chaves[i]!.valor, 2) * peso, 0);

/** Why an NCM rule does not match this product/store/route, or null when it matches. */
function recusaNcm(
  c: CenarioNcm,
  produto: ProdutoMotor,
  loja: LojaMotor,
  op: OperacaoMotor,
  data: string,
): string | null {
  const { ufOrigem, ufDestino } = rota(loja, op);
  if (!c.ativo) return M.inativa;
  if (!emVigencia(c.vigenciaInicio, c.vigenciaFim, data)) return M.foraDaVigencia(c.vigenciaInicio, c.vigenciaFim);
  if (c.ncm !== null) {
    if (c.ncm !== produto.ncm) return M.outroNcm(c.ncm);
    if (c.excecao !== null && c.excecao !== (produto.excecao ?? null)) return M.outraExcecao(c.excecao);
    if (c.cest !== null && c.cest !== (produto.cest ?? null)) return M.outroCest(c.cest);
  } else if (c.grupoNcmId === null || c.grupoNcmId !== (produto.grupoNcmId ?? null)) return M.outroGrupo;
  if (c.origem !== null && c.origem !== produto.origem) return M.outraOrigem(c.origem);
  if (c.ufOrigem !== 'TODAS' && c.ufOrigem !== ufOrigem) return M.outraUfOrigem(c.ufOrigem);
  if (c.ufDestino !== 'TODAS' && c.ufDestino !== ufDestino) return M.outraUfDestino(c.ufDestino);
  if (c.ramoAtuacaoId !== null && c.ramoAtuacaoId !== (op.ramoAtuacaoId ?? null)) return M.outroRamo;
  if (c.crt !== null && c.crt !== loja.crt) return M.outroCrt(c.crt);
  if (usaCsosn(loja.crt) ? !c.csosn : !c.cst) return M.semCstParaCrt(loja.crt);
  return null;
}

function chavesNcm(c: CenarioNcm): Chave[] {
  const escopo = c.ncm === null ? 0 : c.excecao !== null ? 2 : 1;
  return [
    { valor: escopo, porque: escopo === 2 ? P.ncmExcecao : P.ncm },
    { valor: c.cest !== null ? 1 : 0, porque: P.cest },
    { valor: c.origem !== null ? 1 : 0, porque: P.origem },
    { valor: c.ufDestino !== 'TODAS' ? 1 : 0, porque: P.ufDestino },
    { valor: c.ufOrigem !== 'TODAS' ? 1 : 0, porque: P.ufOrigem },
    { valor: c.ramoAtuacaoId !== null ? 1 : 0, porque: P.ramo },
    { valor: c.crt !== null ? 1 : 0, porque: P.crt },
    { valor: dia(c.vigenciaInicio), porque: P.inicio },
  ];
}
const PESOS_NCM = [128, 64, 32, 16, 8, 4, 2];

export function selecionarCenarioNcm(
  candidatos: readonly CenarioNcm[],
  produto: ProdutoMotor,
  loja: LojaMotor,
  op: OperacaoMotor,
  data: string,
  explicar = true,
): Escolha<CenarioNcm> {
  const recusas = new Map<number, string>();
  const casam: { regra: CenarioNcm; chaves: Chave[] }[] = [];
  for (const c of candidatos) {
    const r = recusaNcm(c, produto, loja, op, data);
    if (r) recusas.set(c.id, r);
    else casam.push({ regra: c, chaves: chavesNcm(c) });
  }
  const { vencedora, perdeu } = ordenar(casam);
  if (!explicar) return { vencedora, regras: [] };
  const regras = [...candidatos]
    .sort((a, b) => a.id - b.id)
    .map(
      (c): RegraAvaliada => ({
        tipo: 'NCM',
        id: c.id,
        descricao: c.descricao,
        aplicada: c === vencedora,
        especificidade: especificidade(chavesNcm(c), PESOS_NCM),
        motivo: c === vencedora ? M.aplicada : (recusas.get(c.id) ?? perdeu.get(c.id) ?? M.inativa),
      }),
    );
  return { vencedora, regras };
}

function recusaOperacao(c: CenarioOperacao, loja: LojaMotor, op: OperacaoMotor, data: string): string | null {
  if (!c.ativo) return M.inativa;
  if (!emVigencia(c.vigenciaInicio, c.vigenciaFim, data)) return M.foraDaVigencia(c.vigenciaInicio, c.vigenciaFim);
  if (c.tipoOperacao !== op.tipo) return M.outroTipo(c.tipoOperacao);
  if (c.modelo !== op.modelo) return M.outroModelo(c.modelo);
  if (c.finalidade !== (op.finalidade ?? '1')) return M.outraFinalidade(c.finalidade);
  if (c.abrangencia !== abrangenciaDe(loja.uf, op.ufContraparte)) return M.outraAbrangencia(c.abrangencia);
  if (c.ramoAtuacaoId !== null && c.ramoAtuacaoId !== (op.ramoAtuacaoId ?? null)) return M.outroRamo;
  return null;
}

const chavesOperacao = (c: CenarioOperacao): Chave[] => [
  { valor: c.ramoAtuacaoId !== null ? 1 : 0, porque: P.ramo },
  { valor: dia(c.vigenciaInicio), porque: P.inicio },
];

export function selecionarCenarioOperacao(
  candidatos: readonly CenarioOperacao[],
  loja: LojaMotor,
  op: OperacaoMotor,
  data: string,
  explicar = true,
): Escolha<CenarioOperacao> {
  const recusas = new Map<number, string>();
  const casam: { regra: CenarioOperacao; chaves: Chave[] }[] = [];
  for (const c of candidatos) {
    const r = recusaOperacao(c, loja, op, data);
    if (r) recusas.set(c.id, r);
    else casam.push({ regra: c, chaves: chavesOperacao(c) });
  }
  const { vencedora, perdeu } = ordenar(casam);
  if (!explicar) return { vencedora, regras: [] };
  const regras = [...candidatos]
    .sort((a, b) => a.id - b.id)
    .map(
      (c): RegraAvaliada => ({
        tipo: 'OPERACAO',
        id: c.id,
        descricao: `${c.cfop} - ${c.naturezaOperacao}`,
        aplicada: c === vencedora,
        especificidade: especificidade(chavesOperacao(c), [4]),
        motivo: c === vencedora ? M.aplicada : (recusas.get(c.id) ?? perdeu.get(c.id) ?? M.inativa),
      }),
    );
  return { vencedora, regras };
}
