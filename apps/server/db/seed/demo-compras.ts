/**
 * Demo purchase invoices (domain §8): Bela Vida's supplier NF-e entered this week — two confirmed (their
 * ENTRADA_NF posted through the ledger kit by the invoice's own `darEntrada`), one waiting for confirmation,
 * one in a conferência with part of it counted —, with items, tax values and parcels. Runs after the demo stock.
 * The seed connects as the owner (no RLS): every read names the tenant.
 */
import { Decimal, hojeNaZona, montarChaveAcesso, zonaDaLoja } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { darEntrada, lerParaEntrada } from '../../src/modules/compras';
import { DEMO_ASSINANTES } from './demo-data';

interface Nota {
  loja: string;
  fornecedor: number;
  numero: number;
  diasAtras: number;
  fim: 'CONFIRMADA' | 'DIGITADA' | 'EM_CONFERENCIA';
}

const NOTAS: Nota[] = [
  { loja: 'BV01', fornecedor: 0, numero: 48211, diasAtras: 3, fim: 'CONFIRMADA' },
  { loja: 'BV02', fornecedor: 1, numero: 7730, diasAtras: 2, fim: 'CONFIRMADA' },
  { loja: 'BV01', fornecedor: 2, numero: 112, diasAtras: 1, fim: 'DIGITADA' },
  { loja: 'BV02', fornecedor: 0, numero: 48240, diasAtras: 0, fim: 'EM_CONFERENCIA' },
];

async function seedTenant(trx: Tx): Promise<void> {
  const { rows: lojas } = await sql<{ id: number; sigla: string; uf: string; codigoIbge: string | null }>`
    select id, sigla, uf, codigo_ibge from loja where assinante_id = app_assinante()`.execute(trx);
  const { rows: fornecedores } = await sql<{ id: number; doc: string }>`
    select id, numero_do_documento as doc from fornecedor where assinante_id = app_assinante() and ativo and tipo_de_pessoa = 'J' order by id`.execute(
    trx,
  );
  const { rows: produtos } = await sql<{ id: number; descricao: string }>`
    select p.id, p.descricao from produto p where p.assinante_id = app_assinante() and p.ativo order by p.id`.execute(
    trx,
  );
  if (!fornecedores.length || produtos.length < 3) return;
  for (const [n, d] of NOTAS.entries()) {
    const loja = lojas.find((l) => l.sigla === d.loja);
    const f = fornecedores[d.fornecedor % fornecedores.length]!;
    if (!loja) continue;
    const zona = zonaDaLoja(loja);
    const hoje = hojeNaZona(zona);
    const data = new Date(Date.parse(`${hoje}T12:00:00Z`) - d.diasAtras * 86_400_000).toISOString().slice(0, 10);
    const { rows: local } = await sql<{ id: number }>`
      select id from local_estoque where assinante_id = app_assinante() and loja_id = ${loja.id} and ativo and tipo in ('DEPOSITO', 'LOJA')
       order by padrao_entrada desc, (tipo = 'DEPOSITO') desc, id limit 1`.execute(trx);
    if (!local[0]) continue;
    const itens = [0, 1, 2].map((i) => {
      const p = produtos[(n * 2 + i) % produtos.length]!;
      const quantidade = String(12 * (i + 1));
      const unitario = Decimal.de(String(4 + n + i)).mais('0.90');
      const total = unitario.vezes(quantidade).texto(2);
      const ipi = Decimal.de(total).vezes('0.05').arredondar(2, 'HALF_UP').texto(2);
      return { p, i, quantidade, unitario: unitario.texto(), total, ipi };
    });
    const vProd = itens.reduce((s, i) => s.mais(i.total), Decimal.de('0'));
    const vIpi = itens.reduce((s, i) => s.mais(i.ipi), Decimal.de('0'));
    const vNF = vProd.mais(vIpi).texto(2);
    const chave = montarChaveAcesso({
      cUF: '41',
      aamm: `${data.slice(2, 4)}${data.slice(5, 7)}`,
      cnpj: f.doc.replace(/[^0-9A-Z]/gi, '').padStart(14, '0'),
      modelo: '55',
      serie: 1,
      numero: d.numero,
      tpEmis: 1,
      cNF: String(31415926 + n),
    });
    const { rows } = await sql<{ id: number }>`
      insert into nota_fiscal_compra (loja_id, fornecedor_id, local_id, origem, serie, numero_nota, chave_da_nfe,
        natureza_operacao, data_emissao, data_entrada, valor_produtos, base_icms, valor_icms, valor_ipi,
        valor_do_documento, quantidade_itens)
      values (${loja.id}, ${f.id}, ${local[0].id}, 'XML', '1', ${d.numero}, ${chave}, 'VENDA DE MERCADORIA',
        ${`${data}T09:15:00`}::timestamp, ${data}::date, ${vProd.texto(2)}, ${vProd.texto(2)},
        ${vProd.vezes('0.12').arredondar(2, 'HALF_UP').texto(2)}, ${vIpi.texto(2)}, ${vNF}, ${itens.length})
      returning id`.execute(trx);
    const id = rows[0]!.id;
    for (const it of itens)
      await sql`insert into item_nota_fiscal_compra (nota_id, ordem, produto_id, codigo_fornecedor, descricao, ncm, cfop,
          unidade_comercial, quantidade_comercial, valor_unitario, quantidade, valor_total, origem_mercadoria, cst_icms,
          base_icms, aliquota_icms, valor_icms, cst_ipi, aliquota_ipi, valor_ipi, cst_pis, cst_cofins, custo_unitario)
        values (${id}, ${it.i + 1}, ${it.p.id}, ${`F${f.id}-${it.p.id}`}, ${it.p.descricao}, '33030010', '5102', 'UN',
          ${it.quantidade}, ${it.unitario}, ${it.quantidade}, ${it.total}, '0', '00', ${it.total}, 12,
          ${Decimal.de(it.total).vezes('0.12').arredondar(2, 'HALF_UP').texto(2)}, '50', 5, ${it.ipi}, '01', '01',
          ${Decimal.de(it.total).mais(it.ipi).divididoPor(it.quantidade, 6, 'HALF_UP').texto(6)})`.execute(trx);
    const metade = Decimal.de(vNF).divididoPor('2', 2, 'DOWN');
    const dia = (dias: number) =>
      new Date(Date.parse(`${data}T12:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);
    await sql`insert into parcela_nota_fiscal_compra (nota_id, numero, vencimento, valor)
      values (${id}, '001', ${dia(30)}::date, ${metade.texto(2)}), (${id}, '002', ${dia(60)}::date, ${Decimal.de(vNF).menos(metade).texto(2)})`.execute(
      trx,
    );
    if (d.fim === 'CONFIRMADA') await darEntrada(trx, await lerParaEntrada(trx, id), null, 'confirmar');
    if (d.fim === 'EM_CONFERENCIA') {
      const { rows: c } = await sql<{ id: number }>`
        insert into conferencia_compra (loja_id, nota_id, observacao) values (${loja.id}, ${id}, 'Recebimento da manhã')
        returning id`.execute(trx);
      await sql`update nota_fiscal_compra set status = 'EM_CONFERENCIA' where assinante_id = app_assinante() and id = ${id}`.execute(
        trx,
      );
      // two products counted: one whole, one short by 2
      for (const [k, it] of itens.slice(0, 2).entries())
        await sql`insert into item_conferencia_compra (conferencia_id, produto_id, quantidade)
          values (${c[0]!.id}, ${it.p.id}, ${k === 0 ? it.quantidade : String(Number(it.quantidade) - 2)})`.execute(
          trx,
        );
    }
  }
}

export async function seedDemoCompras(db: Database): Promise<void> {
  const bela = DEMO_ASSINANTES.find((a) => a.nome === 'Bela Vida');
  if (!bela) return;
  const a = await db.resolveAssinante(bela.hosts[0]!);
  if (a) await db.withTenant(a.id, seedTenant);
}
