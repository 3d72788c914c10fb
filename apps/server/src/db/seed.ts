/**
 * Loads the permission catalogue (always, idempotent) and the demo tenants (first run
 * only: when no assinante exists). Runs on the owner connection, but still sets the
 * tenant per transaction so it also works where the owner is subject to RLS.
 */
import { hash } from '@node-rs/argon2';
import { PERMISSION_CATALOGUE } from '@retaguarda/domain';
import { sql } from 'kysely';
import { DEMO_ASSINANTES, DEMO_PASSWORD, type DemoAssinante } from '../../db/seed/demo-data';
import { createDatabase, type Database, type Tx } from './database';
import { seedDemoCadastros } from '../../db/seed/demo-cadastros';
import { seedDemoComplementos } from '../../db/seed/demo-complementos';
import { seedDemoFrenteDeLoja } from '../../db/seed/demo-frente-de-loja';
import { seedDemoCadastrosFinanceiroFiscal } from '../../db/seed/demo-cadastros-financeiro-fiscal';
import { seedDemoCenariosFiscais } from '../../db/seed/demo-cenarios-fiscais';
import { seedDemoEstoque } from '../../db/seed/demo-estoque';
import { seedDemoPedidos } from '../../db/seed/demo-pedidos';
import { seedDemoCompras } from '../../db/seed/demo-compras';
import { seedDemoAcordos } from '../../db/seed/demo-acordos';
import { seedDemoInventarios } from '../../db/seed/demo-inventarios';
import { seedDemoTesouraria } from '../../db/seed/demo-tesouraria';
import { seedDemoCaixasPdv, seedDemoVendasPdv } from '../../db/seed/demo-vendas-pdv';
import { seedDemoNfce } from '../../db/seed/demo-nfce';
import { seedDemoNfceSimulador } from '../../db/seed/demo-nfce-simulador';
import { seedDemoDashboards } from '../../db/seed/demo-dashboards';
import { seedDemoPlataforma } from '../../db/seed/demo-plataforma';
import { seedDemoRegimesGruposNcm } from '../../db/seed/demo-regimes-grupos-ncm';
import { seedFiscal } from './seed-fiscal';
import { ARGON2_OPTIONS } from '../plugins/auth/passwords';

/** Whether a tenant is one of the demo tenants the seed creates (by its hosts): demo-only tools check it. */
export const ehAssinanteDemo = (hosts: readonly string[]) =>
  hosts.some((h) => DEMO_ASSINANTES.some((a) => a.hosts.includes(h)));

export async function syncPermissionCatalogue(db: Database): Promise<void> {
  await db.kysely
    .insertInto('permissao')
    .values(PERMISSION_CATALOGUE.map((p) => ({ codigo: p.codigo, descricao: p.descricao })))
    .onConflict((oc) => oc.column('codigo').doUpdateSet((eb) => ({ descricao: eb.ref('excluded.descricao') })))
    .execute();
}

async function seedAssinante(db: Database, demo: DemoAssinante, senhaHash: string): Promise<void> {
  const { rows } = await sql<{ id: number }>`select nextval('assinante_id_seq')::int as id`.execute(db.kysely);
  const assinanteId = rows[0]!.id;
  await db.withTenant(assinanteId, async (trx: Tx) => {
    await trx
      .insertInto('assinante')
      .values({ id: assinanteId, nome: demo.nome, tipoCliente: demo.tipoCliente, tema: demo.tema, hosts: demo.hosts })
      .execute();
    const lojaIds = new Map<string, number>();
    for (const l of demo.lojas) {
      const { id } = await trx
        .insertInto('loja')
        .values({
          assinanteId,
          sigla: l.sigla,
          fantasia: l.fantasia,
          nome: l.nome,
          numeroDoDocumento: l.cnpj,
          uf: l.uf,
          crt: l.crt,
          regimeApuracao: l.regimeApuracao,
          tipo: l.tipo,
          municipio: l.municipio,
          codigoIbge: l.codigoIbge,
          inscricaoEstadual: l.inscricaoEstadual ?? null,
          inscricaoMunicipal: null,
          cnaePrincipal: '4772500',
          cep: null,
          logradouro: null,
          numero: null,
          bairro: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      lojaIds.set(l.sigla, id);
    }
    const grupoIds = new Map<string, number>();
    for (const [nome, permissoes] of Object.entries(demo.grupos)) {
      const { id } = await trx
        .insertInto('grupo')
        .values({ assinanteId, nome })
        .returning('id')
        .executeTakeFirstOrThrow();
      grupoIds.set(nome, id);
      if (permissoes.length) {
        await trx
          .insertInto('grupoPermissao')
          .values(permissoes.map((permissao) => ({ assinanteId, grupoId: id, permissao })))
          .execute();
      }
    }
    for (const u of demo.usuarios) {
      const { id } = await trx
        .insertInto('usuario')
        .values({
          assinanteId,
          nome: u.nome,
          username: u.username,
          email: `${u.username}@exemplo.com.br`,
          cpf: u.cpf,
          senhaHash,
          ativo: u.ativo ?? true,
          administrador: u.administrador ?? false,
          tipoCliente: demo.tipoCliente,
          forcePasswordReset: u.forcePasswordReset ?? false,
          ultimoAcesso: null,
          avatarUuid: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const siglas = u.lojas === '*' ? demo.lojas.map((l) => l.sigla) : u.lojas;
      await trx
        .insertInto('usuarioLoja')
        .values(siglas.map((s, i) => ({ assinanteId, usuarioId: id, lojaId: lojaIds.get(s)!, principal: i === 0 })))
        .execute();
      if (u.grupos.length) {
        await trx
          .insertInto('grupoMembro')
          .values(u.grupos.map((g) => ({ assinanteId, usuarioId: id, grupoId: grupoIds.get(g)! })))
          .execute();
      }
    }
  });
}

/**
 * Returns true when the demo data was loaded by this call. `fluxos: false` leaves out the demo data of the
 * workflows (stock postings, payment plans, devices and POS functions, orders, bank ledger): they go through
 * today's code and tables, which need today's schema (a test that seeds a database migrated only up to an old
 * migration turns them off). `sefazSimulador`: the URL of the local SEFAZ simulator the server started
 * (config.sefazSimuladorPorta): the demo stores get a test certificate and their endpoint on it.
 */
export async function seed(
  ownerUrl: string,
  { demo = true, fluxos = true, sefazSimulador = null as string | null } = {},
): Promise<boolean> {
  const db = createDatabase(ownerUrl);
  try {
    await syncPermissionCatalogue(db);
    await seedFiscal(ownerUrl);
    if (!demo) return false;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from assinante`.execute(db.kysely);
    if (rows[0]!.n > 0) return false;
    const senhaHash = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
    for (const a of DEMO_ASSINANTES) await seedAssinante(db, a, senhaHash);
    await seedDemoCadastros(db);
    await seedDemoComplementos(db);
    await seedDemoCadastrosFinanceiroFiscal(db, { planos: fluxos });
    await seedDemoRegimesGruposNcm(db);
    await seedDemoCenariosFiscais(db);
    await seedDemoPlataforma(db);
    if (fluxos) {
      await seedDemoFrenteDeLoja(db);
      await seedDemoEstoque(db);
      // the orders reserve and sell from the demo stock
      await seedDemoPedidos(db);
      // purchase invoices post their entries through today's ledger code
      await seedDemoCompras(db);
      await seedDemoAcordos(db);
      await seedDemoInventarios(ownerUrl);
      // bank entries and statements go through today's bank ledger code too
      await seedDemoTesouraria(db);
      // the POS uploads yesterday's sales (some pending) through the real command
      await seedDemoVendasPdv(db);
      // ~300 NFC-e over 30 days for the monitor, each behind a real uploaded sale
      await seedDemoNfce(db);
      // the POS drawers of yesterday, once every sale of that day is in
      await seedDemoCaixasPdv(db);
      if (sefazSimulador) await seedDemoNfceSimulador(db, sefazSimulador);
      await seedDemoDashboards(db);
    }
    return true;
  } finally {
    await db.close();
  }
}
