/**
 * Demo stock movements (domain §5): three weeks for the LOJA location of every demo store — an invoice
 * entry on the first day and another each week (with costs, so the average moves), daily sales, and two
 * adjustments per store (a surplus with its document). Posted through the ledger's own posting, so the
 * balances, daily balances and averages are what the app would have written. Kept small (< 2 000
 * movements): the test suite clones the demo database for every test file.
 */
import { hojeNaZona, somarDias, zonaDaLoja } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { lancarMovimentos, type MovimentoALancar } from '../../src/modules/estoque';
import { DEMO_ASSINANTES } from './demo-data';

const DIAS = 21;
const PRODUTOS_POR_LOJA = 8;

/** A small deterministic generator: the demo is the same on every first start. */
function gerador(semente: number) {
  let s = semente;
  return (max: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % max;
  };
}

async function seedTenant(trx: Tx, hojeFixo: string | undefined): Promise<void> {
  const { rows: lojas } = await sql<{ lojaId: number; localId: number; uf: string; codigoIbge: string | null }>`
    select l.id as loja_id, le.id as local_id, l.uf, l.codigo_ibge from loja l
      join local_estoque le on le.assinante_id = l.assinante_id and le.loja_id = l.id and le.tipo = 'LOJA' and le.ativo
     where l.assinante_id = app_assinante() order by l.id`.execute(trx);
  const { rows: produtos } = await sql<{ id: number; custo: string }>`
    select p.id, (2 + p.id % 9)::text as custo from produto p
      left join unidade u on u.assinante_id = p.assinante_id and u.id = p.unidade_de_venda_id
     where p.assinante_id = app_assinante() and p.ativo and not coalesce(u.permite_fracionamento, false)
     order by p.id limit ${PRODUTOS_POR_LOJA}`.execute(trx);
  const { rows: tipos } = await sql<{ id: number; tipo: 'ENTRADA' | 'SAIDA' }>`
    select id, tipo from tipo_ajuste
     where assinante_id = app_assinante() and ativo and not exige_observacao order by id`.execute(trx);
  const sobra = tipos.find((t) => t.tipo === 'ENTRADA');
  for (const { lojaId, localId, uf, codigoIbge } of lojas) {
    // the store's own business date: at 22:00 in São Paulo the UTC date is already tomorrow's
    const hoje = hojeFixo ?? hojeNaZona(zonaDaLoja({ uf, codigoIbge }));
    const inicio = somarDias(hoje, -DIAS);
    const r = gerador(lojaId * 7919);
    const movimentos: MovimentoALancar[] = [];
    const k = { lojaId, localId };
    for (const p of produtos) {
      for (let semana = 0; semana < 3; semana++)
        movimentos.push({
          ...k,
          produtoId: p.id,
          data: somarDias(inicio, semana * 7),
          tipo: 'ENTRADA_NF',
          quantidade: String(semana === 0 ? 60 + r(40) : 20 + r(20)),
          custoUnitario: (Number(p.custo) + r(100) / 100).toFixed(2),
        });
      for (let d = 1; d <= DIAS; d++)
        movimentos.push({
          ...k,
          produtoId: p.id,
          data: somarDias(inicio, d),
          tipo: 'VENDA',
          quantidade: String(-(1 + r(4))),
        });
    }
    await lancarMovimentos(trx, { documentoTipo: 'DEMO', documentoId: null, usuarioId: null, movimentos });
    if (!sobra) continue;
    const data = somarDias(hoje, -2);
    const { rows } = await sql<{ id: string }>`
      insert into ajuste_estoque (loja_id, local_id, tipo_ajuste_id, tipo_de_operacao, data, observacao, quantidade_itens)
      values (${lojaId}, ${localId}, ${sobra.id}, 'ENTRADA', ${data}::date, 'Sobra na conferência da gôndola', 2)
      returning id::text as id`.execute(trx);
    await lancarMovimentos(trx, {
      documentoTipo: 'AJUSTE',
      documentoId: rows[0]!.id,
      usuarioId: null,
      movimentos: produtos
        .slice(0, 2)
        .map((p) => ({ ...k, produtoId: p.id, data, tipo: 'AJUSTE_ENTRADA', quantidade: '2' })),
    });
  }
}

/** `hoje`: a fixed business date for every store (tests); by default each store's own today. */
export async function seedDemoEstoque(db: Database, hoje?: string): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, hoje));
  }
}
