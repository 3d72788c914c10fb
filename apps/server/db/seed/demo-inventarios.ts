/**
 * Demo inventories (domain §11): a finalized GERAL one (BV03's sales floor: up to twelve products with a
 * difference — §11's twelve when the catalogue has them —, some found on the shelf though the system had none), a blind PARCIAL one of Perfumaria still being
 * counted (BV02, 60 % counted), and an open one (BV04). Made through the inventory commands themselves
 * (`executarWorkflow`, as the administrator, on the app's role), so every row is what the app would have
 * written. Runs after the demo stock.
 */
import { perm, textoLocal } from '@retaguarda/domain';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../src/db/database';
import { APP_ROLE } from '../../src/db/migrate';
import type { AuthContext } from '../../src/plugins/auth/context';
import { zonaDaLojaSql } from '../../src/time';
import { executarWorkflow } from '../../src/workflows';
import type { QualquerWorkflow } from '../../src/workflows/tipos';
import {
  contarItemInventario,
  finalizarInventario,
  incluirInventario,
  iniciarContagemInventario,
} from '../../src/modules/estoque';
import { DEMO_ASSINANTES } from './demo-data';

export async function seedDemoInventarios(ownerUrl: string): Promise<void> {
  // the commands run as the app's role, under the tenant's row security (the owner would see every tenant)
  const url = new URL(ownerUrl);
  url.searchParams.set('options', `-c role=${APP_ROLE}`);
  const db = createDatabase(url.toString());
  try {
    await seedTenant(db);
  } finally {
    await db.close();
  }
}

async function seedTenant(db: Database): Promise<void> {
  const bela = DEMO_ASSINANTES.find((a) => a.nome === 'Bela Vida');
  const a = bela && (await db.resolveAssinante(bela.hosts[0]!));
  if (!a) return;
  const ler = <T>(q: ReturnType<typeof sql<T>>) => db.withTenant(a.id, async (trx) => (await q.execute(trx)).rows);
  const [admin] = await ler(sql<{ id: number; username: string }>`
    select id, username from usuario where administrador and ativo order by id limit 1`);
  const lojas = await ler(sql<{ id: number; sigla: string; zona: string; localId: number }>`
    select l.id, l.sigla, ${zonaDaLojaSql('l')} as zona, le.id as local_id
      from loja l join local_estoque le on le.loja_id = l.id and le.tipo = 'LOJA' and le.ativo order by l.id`);
  if (!admin) return;
  const auth: AuthContext = {
    assinanteId: a.id,
    usuarioId: admin.id,
    username: admin.username,
    sessaoId: null,
    apiKeyId: null,
    administrador: true,
    tipoCliente: 'TODOS',
    permissoes: new Set((['ACESSO', 'INCLUIR', 'EDITAR', 'EXCLUIR'] as const).map((v) => perm('INVENTARIO', v))),
    lojas: lojas.map((l) => l.id),
    lojaPrincipal: lojas[0]?.id ?? null,
  };
  let n = 0;
  const rodar = async <T>(wf: QualquerWorkflow, entrada: unknown) =>
    JSON.parse((await executarWorkflow(db, wf, { entrada, auth, chave: `demo-inventario-${n++}` })).corpo) as T;
  const loja = (sigla: string) => lojas.find((l) => l.sigla === sigla);
  const abrir = async (sigla: string, extra: Record<string, unknown>) => {
    const l = loja(sigla)!;
    return (
      await rodar<{ id: number }>(incluirInventario, {
        lojaId: l.id,
        localId: l.localId,
        tipo: 'GERAL',
        dataReferencia: textoLocal(new Date(), l.zona),
        contagemCega: false,
        numeroContagens: 1,
        ...extra,
      })
    ).id;
  };
  const itens = (id: number) =>
    ler(sql<{ produtoId: number; esperado: string }>`
      select produto_id, quantidade_sistema::text as esperado from item_inventario where inventario_id = ${id} order by produto_id`);

  if (loja('BV03')) {
    const id = await abrir('BV03', { descricao: 'Inventário geral da loja', numeroContagens: 2 });
    await rodar(iniciarContagemInventario, { id });
    const lidos = await itens(id);
    // up to eight counted with a difference (±1 to ±4), the rest as expected; more found on the shelf up to twelve
    for (const [i, it] of lidos.entries()) {
      const esperado = Math.round(Number(it.esperado));
      // a shortage only where there is stock to miss: every one of the eight is a difference
      const delta = i < 8 ? (i % 2 && esperado >= 4 ? -1 : 1) * (1 + (i % 4)) : 0;
      const q = Math.max(0, esperado) + delta;
      await rodar(contarItemInventario, { id, produtoId: it.produtoId, quantidade: String(q), substituir: false });
    }
    const [dif] = await ler(sql<{ n: number }>`select count(*)::int as n from item_inventario
      where inventario_id = ${id} and quantidade_final <> quantidade_sistema`);
    const extras = await ler(sql<{ id: number }>`
      select p.id from produto p
       where p.ativo and p.id <> all(${lidos.map((l) => l.produtoId)}::int4[]) order by p.id limit ${Math.max(0, 12 - (dif?.n ?? 0))}`);
    for (const p of extras)
      await rodar(contarItemInventario, { id, produtoId: p.id, quantidade: '2', substituir: false });
    await rodar(finalizarInventario, { id, zerarNaoContados: false });
  }
  const [perfumaria] = await ler(sql<{ id: number }>`select id from secao where descricao = 'Perfumaria' limit 1`);
  if (loja('BV02') && perfumaria) {
    const id = await abrir('BV02', {
      descricao: 'Perfumaria (rotativo do mês)',
      tipo: 'PARCIAL',
      escopo: { secoes: [perfumaria.id] },
      contagemCega: true,
    });
    await rodar(iniciarContagemInventario, { id });
    const lidos = await itens(id);
    for (const it of lidos.slice(0, Math.ceil(lidos.length * 0.6)))
      await rodar(contarItemInventario, {
        id,
        produtoId: it.produtoId,
        quantidade: String(Math.max(0, Math.round(Number(it.esperado)))),
        substituir: false,
      });
  }
  if (loja('BV04')) await abrir('BV04', { descricao: 'Inventário de fim de ano' });
}
