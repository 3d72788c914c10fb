/**
 * Demo of the POS sales upload (domain §4 "Subida de vendas"): Bela Vida's BV01 (POS 11) and BV02 (POS 21,
 * registered here) upload yesterday's sales through the real command (`POST /api/v1/pdv/vendas`, run as each
 * terminal): a few dozen accepted cupons with stock, receipts and NFC-e rows, one return, and the pending ones
 * the inconsistency screens show — unknown EANs, an unknown payment form, a total that does not add up —
 * and the drawer's day (`POST /api/v1/pdv/operacoes-caixa`): fund, a sangria, a suprimento and the fechamento,
 * BV01's counted right and BV02's R$ 3,50 short (a quebra de caixa to see).
 */
import { hojeNaZona, somarDias, ZONA_PADRAO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database';
import { contextoDoDispositivo } from '../../src/plugins/auth/dispositivos';
import { randomToken, sha256, TOKEN_PREFIX } from '../../src/plugins/auth/tokens';
import { receberOperacoesCaixa, receberVendasPdv } from '../../src/modules/venda';
import { executarWorkflow } from '../../src/workflows';

interface Produto {
  id: number;
  preco: string;
}

type Pendente = 'PRODUTO' | 'FINALIZADORA' | 'TOTAL';
/** per store: the pending sales of the demo (as the counters' cards count them) */
export const PENDENTES_DEMO: Record<string, Pendente[]> = {
  BV01: ['PRODUTO', 'PRODUTO', 'PRODUTO', 'PRODUTO', 'FINALIZADORA'],
  BV02: ['PRODUTO', 'PRODUTO', 'FINALIZADORA', 'TOTAL'],
};

const dinheiro = (centavos: number) => (centavos / 100).toFixed(2);

export async function seedDemoVendasPdv(db: Database): Promise<void> {
  const a = await db.resolveAssinante('localhost');
  if (!a) return;
  const ontem = somarDias(hojeNaZona(ZONA_PADRAO), -1);
  const lojas = await db.withTenant(a.id, async (trx) => {
    const { rows } = await sql<{ id: number; sigla: string }>`select id, sigla from loja
      where assinante_id = ${a.id} and sigla in ('BV01', 'BV02') order by sigla`.execute(trx);
    const bv02 = rows.find((l) => l.sigla === 'BV02');
    if (bv02) {
      const credencial = randomToken(TOKEN_PREFIX.dispositivo);
      await sql`insert into dispositivo (loja_id, identificador, nome, tipo, fabricante, modelo, sistema_operacional,
          versao_app, numero_caixa, credencial_hash, prefixo, status, cadastrado_em, ultimo_acesso_em)
        values (${bv02.id}, 'demo-bv02-pdv-21', 'PDV 1', 'POS_ANDROID', 'Sunmi', 'V2 Pro', 'Android 11', '4.8.2', 21,
          ${sha256(credencial)}, ${credencial.slice(0, 11)}, 'ATIVO', now() - interval '20 days', now() - interval '1 hour')`.execute(
        trx,
      );
    }
    const out = [];
    for (const l of rows) {
      const dispositivo = (
        await sql<{ id: number; caixa: number; nome: string; status: string }>`select id::int as id,
          numero_caixa as caixa, nome, status from dispositivo where loja_id = ${l.id} and tipo = 'POS_ANDROID'
          and status = 'ATIVO' order by numero_caixa limit 1`.execute(trx)
      ).rows[0];
      // products the store sells with a price, stock and a complete tax treatment (no open coverage gap)
      const produtos = (
        await sql<Produto>`select p.id, pr.preco_venda1::text as preco from produto p
          join preco pr on pr.produto_id = p.id and pr.loja_id = ${l.id} and pr.ativo and pr.preco_venda1 > 0
          join saldo_estoque s on s.produto_id = p.id and s.loja_id = ${l.id} and s.quantidade >= 20
          left join unidade u on u.id = p.unidade_de_venda_id
         where p.ativo and nullif(trim(p.ncm_id), '') is not null and not coalesce(u.permite_fracionamento, false)
           and not exists (select 1 from inconsistencia_produto i where i.produto_id = p.id and i.resolvida_em is null
                           and i.tipo = 'SEM_CENARIO_FISCAL' and (i.loja_id is null or i.loja_id = ${l.id}))
         group by p.id, pr.preco_venda1 order by p.id limit 12`.execute(trx)
      ).rows;
      const formas = (
        await sql<{ id: number }>`select id from forma_pagamento where ativo order by id limit 3`.execute(trx)
      ).rows.map((f) => f.id);
      const operador = (await sql<{ id: number }>`select id from funcionario order by id limit 1`.execute(trx)).rows[0]
        ?.id;
      if (dispositivo && produtos.length >= 3 && formas.length)
        out.push({ ...l, dispositivo, produtos, formas, operador: operador ?? null });
    }
    return out;
  });

  for (const [n, l] of lojas.entries()) {
    const cupons: unknown[] = [];
    let seq = 5000 + n * 1000;
    const hora = (i: number) =>
      `${ontem}T${String(9 + (i % 12)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00`;
    const venda = (i: number, itens: { p: Produto; q: number }[], extra: Record<string, unknown> = {}) => {
      const linhas = itens.map(({ p, q }, k) => {
        const total = Math.round(Number(p.preco) * 100) * q;
        return {
          sequencia: k + 1,
          produtoId: p.id,
          quantidadeVenda: String(q),
          valorUnidade: p.preco,
          valorTotal: dinheiro(total),
          _c: total,
        };
      });
      const total = linhas.reduce((s, x) => s + x._c, 0);
      seq += 1;
      return {
        lojaId: l.id,
        numeroCaixa: l.dispositivo.caixa,
        sequencial: seq,
        dataHoraAberturaCupom: hora(i),
        funcionarioId: l.operador,
        valor: dinheiro(total),
        itensVenda: linhas.map(({ _c, ...x }) => x),
        finalizacoes: [{ formaPagamentoId: l.formas[i % l.formas.length], valor: dinheiro(total) }],
        ...extra,
      };
    };
    for (let i = 0; i < 24; i++)
      cupons.push(
        venda(i, [
          { p: l.produtos[i % l.produtos.length]!, q: 1 + (i % 3) },
          { p: l.produtos[(i + 5) % l.produtos.length]!, q: 1 },
        ]),
      );
    cupons.push(
      venda(24, [{ p: l.produtos[0]!, q: 1 }], { tipo: 'DEVOLUCAO', cooVenda: 5001 + n * 1000, finalizacoes: [] }),
    );
    for (const [k, tipo] of (PENDENTES_DEMO[l.sigla] ?? []).entries()) {
      const c = venda(30 + k, [{ p: l.produtos[1]!, q: 1 }]) as Record<string, unknown>;
      if (tipo === 'PRODUTO')
        c.itensVenda = [{ ...(c.itensVenda as object[])[0], produtoId: null, codigo: `789100000${n * 4 + k + 1}` }];
      if (tipo === 'FINALIZADORA') c.finalizacoes = [{ formaPagamentoId: 9917, valor: c.valor }];
      if (tipo === 'TOTAL')
        c.finalizacoes = [{ formaPagamentoId: l.formas[0], valor: dinheiro(Math.round(Number(c.valor) * 100) + 1000) }];
      cupons.push(c);
    }
    const auth = contextoDoDispositivo(a, {
      id: l.dispositivo.id,
      lojaId: l.id,
      nome: l.dispositivo.nome,
      status: 'ATIVO',
    });
    await executarWorkflow(db, receberVendasPdv, { entrada: { cupons }, auth, chave: `demo-vendas-${l.sigla}` });
  }
}

/**
 * Yesterday's drawers of BV01 and BV02's POS, once every demo sale of that day is in (the NFC-e demo adds
 * some): seeded after all of them, so the fechamento matches the cash the day really took.
 */
export async function seedDemoCaixasPdv(db: Database): Promise<void> {
  const a = await db.resolveAssinante('localhost');
  if (!a) return;
  const ontem = somarDias(hojeNaZona(ZONA_PADRAO), -1);
  const caixas = await db.withTenant(a.id, async (trx) => {
    const { rows } = await sql<{ id: number; sigla: string; dispositivoId: number; caixa: number; nome: string }>`
      select distinct on (l.id) l.id, l.sigla, d.id::int as dispositivo_id, d.numero_caixa as caixa, d.nome
        from loja l join dispositivo d on d.assinante_id = l.assinante_id and d.loja_id = l.id
       where l.assinante_id = ${a.id} and l.sigla in ('BV01', 'BV02') and d.tipo = 'POS_ANDROID' and d.status = 'ATIVO'
       order by l.id, d.numero_caixa`.execute(trx);
    const operador = (
      await sql<{ id: number }>`select id from funcionario where assinante_id = ${a.id} order by id limit 1`.execute(
        trx,
      )
    ).rows[0]?.id;
    return rows.map((r) => ({ ...r, operador: operador ?? null }));
  });
  for (const l of caixas) {
    const auth = contextoDoDispositivo(a, { id: l.dispositivoId, lojaId: l.id, nome: l.nome, status: 'ATIVO' });
    await caixaDoDia(db, a.id, { ...l, dispositivo: { caixa: l.caixa } }, ontem, auth);
  }
}

/** The drawer of the day: fund 200,00, a sangria of about half the cash taken, a suprimento, the fechamento. */
async function caixaDoDia(
  db: Database,
  assinanteId: number,
  l: { id: number; sigla: string; dispositivo: { caixa: number }; operador: number | null },
  dia: string,
  auth: ReturnType<typeof contextoDoDispositivo>,
): Promise<void> {
  const emDinheiro = await db.withTenant(assinanteId, async (trx) => {
    const { rows } = await sql<{ c: number }>`
      select coalesce(sum(r.valor) * 100, 0)::int8 as c from recebimento_pdv r
        join forma_pagamento f on f.assinante_id = r.assinante_id and f.id = r.forma_pagamento_id and f.tipo_pagamento = '01'
       where r.assinante_id = ${assinanteId} and r.loja_id = ${l.id} and r.numero_caixa = ${l.dispositivo.caixa} and r.data = ${dia}::date`.execute(
      trx,
    );
    return Number(rows[0]?.c ?? 0);
  });
  const sangria = Math.floor(emDinheiro / 2 / 1000) * 1000;
  const quebra = l.sigla === 'BV02' ? 350 : 0;
  const op = (sequencial: number, tipo: string, hora: string, centavos: number) => ({
    lojaId: l.id,
    numeroCaixa: l.dispositivo.caixa,
    sequencial,
    tipo,
    dataHora: `${dia}T${hora}:00`,
    funcionarioId: l.operador,
    valor: dinheiro(centavos),
  });
  const operacoes = [
    op(1, 'ABERTURA', '08:30', 20_000),
    op(2, 'SUPRIMENTO', '12:00', 5_000),
    ...(sangria > 0 ? [op(3, 'SANGRIA', '15:00', sangria)] : []),
    op(4, 'FECHAMENTO', '21:40', 20_000 + 5_000 - sangria + emDinheiro - quebra),
  ];
  await executarWorkflow(db, receberOperacoesCaixa, { entrada: { operacoes }, auth, chave: `demo-caixa-${l.sigla}` });
}
