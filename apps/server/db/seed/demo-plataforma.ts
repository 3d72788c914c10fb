/**
 * Demo data of the platform services (domain.md §11): 5 notifications per demo administrator
 * (2 unread). Runs once, after the demo tenants and registers, with the tenant set.
 */
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { DEMO_ASSINANTES } from './demo-data';

const NOTIFICACOES = [
  {
    titulo: 'Bem-vindo à Retaguarda',
    corpo: 'Seu ambiente de demonstração está pronto.',
    link: '/',
    dias: 6,
    lida: true,
  },
  {
    titulo: 'Inconsistências tributárias',
    corpo: 'Há produtos sem CEST. Revise as inconsistências.',
    link: '/',
    dias: 4,
    lida: true,
  },
  {
    titulo: 'Sessões ativas',
    corpo: 'Revise as sessões ativas antes de atualizar o sistema.',
    link: '/atualizacao',
    dias: 3,
    lida: true,
  },
  {
    titulo: 'Nova versão disponível',
    corpo: 'Um build mais novo da Retaguarda está disponível.',
    link: '/atualizacao',
    dias: 1,
    lida: false,
  },
  {
    titulo: 'Subida de vendas com erros',
    corpo: 'Existem vendas pendentes de reprocessamento.',
    link: '/notificacoes',
    dias: 0,
    lida: false,
  },
];

async function seedTenant(trx: Tx, assinanteId: number): Promise<void> {
  const { rows: admins } = await sql<{
    id: number;
  }>`select id from usuario where administrador and ativo order by id`.execute(trx);
  for (const { id } of admins) {
    for (const n of NOTIFICACOES) {
      await sql`insert into notificacao (assinante_id, usuario_id, titulo, corpo, link, criado_em, lida, lida_em)
        values (${assinanteId}, ${id}, ${n.titulo}, ${n.corpo}, ${n.link}, now() - make_interval(days => ${n.dias}),
                ${n.lida}, ${n.lida ? sql`now() - make_interval(days => ${n.dias})` : null})`.execute(trx);
    }
  }
}

export async function seedDemoPlataforma(db: Database): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id));
  }
}
