/**
 * Principals of the permission/isolation matrix: in each tenant, one user without any permission and
 * one per verb holding that verb of EVERY permission base (non-administrators, one store), created
 * by SQL as the owner with the demo password; plus the tenant's administrator.
 */
import { REGISTERS, type RegisterDef, type RegisterPath, VERBOS } from '@retaguarda/domain';
import { adminQuery, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

export type Papel = 'NENHUMA' | (typeof VERBOS)[number] | 'ADMIN';
export const PAPEIS: readonly Papel[] = ['NENHUMA', ...VERBOS, 'ADMIN'];

export interface Principal {
  papel: Papel;
  host: string;
  headers: Record<string, string>;
  administrador: boolean;
  permissoes: ReadonlySet<string>;
  lojas: number[];
  tipoCliente: string;
}

export interface Tenant {
  host: string;
  id: number;
  tipoCliente: string;
  /** store ids by sigla */
  lojas: Record<string, number>;
  principals: Record<Papel, Principal>;
}

const ADMINS: Record<string, string> = { localhost: 'ana.admin', 'mercadao.localhost': 'marta.admin' };

/** Creates (once per database) the matrix users of the tenant served at `host`, bound to store `sigla`. */
export async function tenantPrincipals(t: TestApp, host: string, sigla?: string): Promise<Tenant> {
  const admin = ADMINS[host]!;
  const { rows } = await adminQuery<{ id: number; tipo_cliente: string }>(
    t.ownerUrl,
    `select a.id, a.tipo_cliente from assinante a join usuario u on u.assinante_id = a.id where u.username = $1`,
    [admin],
  );
  const ten = rows[0]!;
  const lojasRows = (
    await adminQuery<{ sigla: string; id: number }>(
      t.ownerUrl,
      'select sigla, id from loja where assinante_id = $1 order by id',
      [ten.id],
    )
  ).rows;
  const lojas = Object.fromEntries(lojasRows.map((l) => [l.sigla, l.id]));
  const loja = sigla ? lojas[sigla]! : lojasRows[0]!.id;
  const principals = {} as Record<Papel, Principal>;
  for (const papel of PAPEIS) {
    let username = admin;
    if (papel !== 'ADMIN') {
      username = `matriz.${papel.toLowerCase()}`;
      await adminQuery(
        t.ownerUrl,
        `with u as (
           insert into usuario (assinante_id, nome, username, senha_hash, ativo, administrador, tipo_cliente)
           select assinante_id, $2, $2, senha_hash, true, false, tipo_cliente from usuario where username = $1
           returning id, assinante_id),
         l as (insert into usuario_loja (assinante_id, usuario_id, loja_id, principal) select assinante_id, id, $3, true from u),
         g as (insert into grupo (assinante_id, nome) select assinante_id, $2 from u returning id, assinante_id),
         m as (insert into grupo_membro (assinante_id, grupo_id, usuario_id) select g.assinante_id, g.id, u.id from g, u)
         insert into grupo_permissao (assinante_id, grupo_id, permissao)
           select g.assinante_id, g.id, p.codigo from g, permissao p where $4::text <> '' and p.codigo like '%\\_' || $4`,
        [admin, username, loja, papel === 'NENHUMA' ? '' : papel],
      );
    }
    const { headers, body } = await login(t, username, host);
    const me = await t.app.inject({ url: '/api/v1/eumesmo', headers });
    const eu = me.json();
    principals[papel] = {
      papel,
      host,
      headers,
      administrador: papel === 'ADMIN',
      permissoes: new Set<string>(eu.permissoes ?? body.permissoes ?? []),
      lojas: papel === 'ADMIN' ? lojasRows.map((l) => l.id) : [loja],
      tipoCliente: ten.tipo_cliente,
    };
  }
  return { host, id: ten.id, tipoCliente: ten.tipo_cliente, lojas, principals };
}

export interface RegRoute {
  def: RegisterDef;
  path: RegisterPath;
  kind: 'list' | 'item' | 'export';
}

/** The register (and kind of route) a server route was generated from, if any. */
export function registerOf(url: string): RegRoute | undefined {
  for (const def of REGISTERS)
    for (const path of def.paths) {
      const base = `/api${path.path}`;
      if (url === base) return { def, path, kind: 'list' };
      if (url === `${base}/:id`) return { def, path, kind: 'item' };
      if (url === `${base}/export`) return { def, path, kind: 'export' };
    }
  return undefined;
}
