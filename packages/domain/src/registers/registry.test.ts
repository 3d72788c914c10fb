/**
 * Every declared register points at things that exist: its list route in the route table, its
 * permission base in the catalogue, and a route that grants that base's ACESSO. A sub-register
 * (barcodes, prices, groups of a seção…) has no route of its own: it is shown inside the screen of
 * a register it references, so its route lies under that register's route.
 */
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, PERMISSION_BASES, perm, VERBOS } from '../permissions';
import { ROTAS } from '../routes';
import { REGISTERS, registerByKey } from './registry';
import type { RegisterDef } from './types';

const rotas = new Map(ROTAS.map((r) => [r.path, r]));

/** The referenced register whose screen hosts `def` (its route is a prefix of `def.route`). */
function anfitriao(def: RegisterDef): RegisterDef | undefined {
  return def.fields
    .flatMap((f) => (f.type === 'reference' && f.ref ? [registerByKey(f.ref)] : []))
    .find((pai) => pai && rotas.has(pai.route) && def.route.startsWith(`${pai.route}/`));
}

describe('register declarations', () => {
  it('name a list route of the route table, or lie under the screen of a register they reference', () => {
    const semRota = REGISTERS.filter((r) => !rotas.has(r.route) && !anfitriao(r)).map((r) => `${r.key}: ${r.route}`);
    expect(semRota, 'registers whose route is not in the route table (packages/domain/src/routes.ts)').toEqual([]);
  });

  it('name a permission base of the catalogue, with its four verbs', () => {
    const semBase = REGISTERS.filter(
      (r) => !(r.permissao in PERMISSION_BASES) || !VERBOS.every((v) => ALL_PERMISSION_CODES.has(perm(r.permissao, v))),
    ).map((r) => `${r.key}: ${r.permissao}`);
    expect(semBase, 'registers whose permission base is not in the catalogue (permissions.ts)').toEqual([]);
  });

  it('open on a route that their ACESSO permission grants (administrators only for admin-written ones)', () => {
    const errados = REGISTERS.flatMap((r) => {
      // a register edited only as a tab of another's form (condição da loja): that form's route, by INCLUIR/EDITAR
      const propria = r.route.includes('/cadastro/') ? rotas.get(r.route) : undefined;
      if (propria)
        return (['INCLUIR', 'EDITAR'] as const).some((v) => propria.permissoes.includes(perm(r.permissao, v)))
          ? []
          : [`${r.key}: ${propria.path} [${propria.permissoes.join(', ')}] lacks ${perm(r.permissao, 'EDITAR')}`];
      const def = anfitriao(r) ?? r;
      const rota = rotas.get(def.route);
      if (!rota) return [];
      const ok = rota.permissoes.includes(perm(r.permissao)) || (rota.admin === true && r.acesso?.escrita === 'admin');
      return ok ? [] : [`${r.key}: ${rota.path} [${rota.permissoes.join(', ')}] lacks ${perm(r.permissao)}`];
    });
    expect(errados).toEqual([]);
  });
});
