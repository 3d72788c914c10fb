/**
 * Conciliar's optimistic confirmation: the confirmed groups leave both lists (and every suggestion that used
 * one of their items) the moment the user confirms, before the server answers; a refusal puts them back. Pure
 * functions over the panel's data, so the screen and its tests share them.
 */
import type { PainelConciliacao } from '@retaguarda/domain';

export interface Grupo {
  linhas: readonly string[];
  lancamentos: readonly string[];
}

/** What a confirmation took out: the items' ids per side (lines and entries are numbered apart). */
export interface Retirada {
  linhas: ReadonlySet<string>;
  lancamentos: ReadonlySet<string>;
}

export const retiradaDe = (grupos: readonly Grupo[]): Retirada => ({
  linhas: new Set(grupos.flatMap((g) => g.linhas)),
  lancamentos: new Set(grupos.flatMap((g) => g.lancamentos)),
});

/** The panel without the groups' items and without the suggestions that used any of them. */
export function retirar(d: PainelConciliacao, r: Retirada): PainelConciliacao {
  return {
    ...d,
    linhas: d.linhas.filter((l) => !r.linhas.has(l.id)),
    lancamentos: d.lancamentos.filter((l) => !r.lancamentos.has(l.id)),
    sugestoes: d.sugestoes.filter(
      (s) => !s.linhas.some((id) => r.linhas.has(id)) && !s.lancamentos.some((id) => r.lancamentos.has(id)),
    ),
  };
}

const ids = (xs: readonly { id: string }[]) => new Set(xs.map((x) => x.id));

/** Back in the order `antes` had them, keeping what changed meanwhile (another pair confirmed, a re-read). */
function devolverItens<T extends { id: string }>(atual: readonly T[], antes: readonly T[], volta: ReadonlySet<string>) {
  const agora = ids(atual);
  const conhecidos = ids(antes);
  return [...antes.filter((x) => agora.has(x.id) || volta.has(x.id)), ...atual.filter((x) => !conhecidos.has(x.id))];
}

/**
 * The refused confirmation's items back in `atual` (the panel as it is now), where they were in `antes` (the
 * panel before the confirmation); its suggestions come back when all their items are pending again.
 */
export function devolver(atual: PainelConciliacao, antes: PainelConciliacao, r: Retirada): PainelConciliacao {
  const linhas = devolverItens(atual.linhas, antes.linhas, r.linhas);
  const lancamentos = devolverItens(atual.lancamentos, antes.lancamentos, r.lancamentos);
  const pendL = ids(linhas);
  const pendE = ids(lancamentos);
  const chave = (s: Grupo) => `${s.linhas.join()}|${s.lancamentos.join()}`;
  const jaHa = new Set(atual.sugestoes.map(chave));
  const voltam = antes.sugestoes.filter(
    (s) =>
      !jaHa.has(chave(s)) &&
      (s.linhas.some((id) => r.linhas.has(id)) || s.lancamentos.some((id) => r.lancamentos.has(id))) &&
      s.linhas.every((id) => pendL.has(id)) &&
      s.lancamentos.every((id) => pendE.has(id)),
  );
  return { ...atual, linhas, lancamentos, sugestoes: [...atual.sugestoes, ...voltam] };
}
