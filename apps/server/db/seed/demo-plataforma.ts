/**
 * Demo data of the platform services (domain.md §11): 5 notifications per demo administrator
 * (2 unread), about its own tenant; the sales-upload errors (6 PRODUTO_NAO_CADASTRADO, 2 FINALIZADORA, 1 TOTAL_DIVERGENTE
 * pending, 1 REPROCESSADA) and the product fiscal inconsistencies behind the counters. Runs once,
 * after the demo tenants and registers, with the tenant set. Every read names the tenant: the owner the seed
 * runs as may not be bound by RLS (the administrators once got the other tenant's notifications too).
 */
import { PENDENTES_DEMO } from './demo-vendas-pdv';
import { ROTULO_TIPO, type TipoInconsistencia } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { gravarCobertura } from '../../src/modules/fiscal';
import { DEMO_ASSINANTES } from './demo-data';

interface DemoNotificacao {
  titulo: string;
  corpo: string;
  link: string;
  dias: number;
  lida: boolean;
}

/** "a, b e c" (pt-BR lists). */
const enumerar = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} e ${xs.at(-1)}`);

/** "Sem CEST" → "sem CEST" inside a sentence; an acronym ("GTIN inválido") stays as it is. */
const minusculaInicial = (t: string) => (/^\p{Lu}\p{Ll}/u.test(t) ? t[0]!.toLowerCase() + t.slice(1) : t);

/**
 * The demo administrators' 5 notifications (2 unread), each about its own tenant's demo data: its stores,
 * its inconsistencies as detected, its sales-upload errors (Bela Vida) or its overdrawn account (Mercadão).
 */
async function notificacoesDoAssinante(trx: Tx, assinanteId: number, bela: boolean): Promise<DemoNotificacao[]> {
  const [assinante] = (await sql<{ nome: string }>`select nome from assinante where id = ${assinanteId}`.execute(trx))
    .rows;
  const lojas = (
    await sql<{
      fantasia: string;
    }>`select fantasia from loja where assinante_id = ${assinanteId} order by sigla`.execute(trx)
  ).rows.map((l) => l.fantasia);
  const [inc] = (
    await sql<{ produtos: number; tipos: TipoInconsistencia[] }>`select count(distinct produto_id)::int as produtos,
        array_agg(distinct tipo order by tipo) as tipos
      from inconsistencia_produto where assinante_id = ${assinanteId} and produto_id is not null`.execute(trx)
  ).rows;
  // the scenario coverage's own type (SEM_CENARIO_FISCAL) is not a product-register type: left out of the list
  const tipos = (inc?.tipos ?? []).flatMap((t) => (ROTULO_TIPO[t] ? [minusculaInicial(ROTULO_TIPO[t])] : []));
  const produtos = inc?.produtos ?? 0;
  const comuns = {
    boasVindas: {
      titulo: 'Bem-vindo à Retaguarda',
      corpo: `${assinante!.nome}: seu ambiente de demonstração está pronto, com ${lojas.length} lojas: ${enumerar(lojas)}.`,
      link: '/',
      dias: 6,
      lida: true,
    },
    inconsistencias: {
      titulo: 'Inconsistências tributárias',
      corpo: `${produtos} ${produtos === 1 ? 'produto tem' : 'produtos têm'} inconsistências tributárias: ${enumerar(tipos)}. Revise-as.`,
      link: '/inconsistenciasTributarias',
      dias: 4,
      lida: true,
    },
    sessoes: {
      titulo: 'Sessões ativas',
      corpo: 'Revise as sessões ativas antes de atualizar o sistema.',
      link: '/atualizacao',
      dias: 3,
      lida: true,
    },
    versao: {
      titulo: 'Nova versão disponível',
      corpo: 'Um build mais novo da Retaguarda está disponível.',
      link: '/atualizacao',
      dias: 1,
      lida: false,
    },
  };
  if (bela) {
    // the pending sales the POS uploads of the demo leave (demo-vendas-pdv.ts)
    const siglas = Object.keys(PENDENTES_DEMO);
    const pendentes = Object.values(PENDENTES_DEMO).flat();
    const nomes = (
      await sql<{ fantasia: string }>`select fantasia from loja
        where assinante_id = ${assinanteId} and sigla = any(${siglas}) order by sigla`.execute(trx)
    ).rows.map((l) => l.fantasia);
    return [
      comuns.boasVindas,
      comuns.inconsistencias,
      comuns.sessoes,
      comuns.versao,
      {
        titulo: 'Subida de vendas com erros',
        corpo: `${pendentes.length} vendas de ${enumerar(nomes)} aguardam reprocessamento.`,
        link: '/frenteDeLoja/inconsistenciaSubidaDeVendas',
        dias: 0,
        lida: false,
      },
    ];
  }
  const negativas = (
    await sql<{ descricao: string }>`select descricao from conta_corrente
      where assinante_id = ${assinanteId} and saldo_inicial < 0 order by descricao`.execute(trx)
  ).rows.map((c) => c.descricao);
  return [
    comuns.boasVindas,
    comuns.inconsistencias,
    comuns.sessoes,
    comuns.versao,
    {
      titulo: 'Conta corrente com saldo negativo',
      corpo: `${negativas.length === 1 ? 'A conta' : 'As contas'} ${enumerar(negativas)} ${negativas.length === 1 ? 'começou' : 'começaram'} o período com saldo negativo. Confira o limite.`,
      link: '/financeiro/conta-corrente',
      dias: 0,
      lida: false,
    },
  ];
}

async function seedContadores(trx: Tx, assinanteId: number): Promise<void> {
  // the sales-upload pendências are real uploads of the POS (demo-vendas-pdv.ts)
  // the product inconsistencies of the demo are what the detection finds (domain.md §3.7), and the products
  // without a tax scenario what the scenario coverage finds (the recount job's own statement); the marks the
  // demo writes left behind are settled by it
  await sql`select app_detectar_inconsistencias()`.execute(trx);
  await sql`delete from fiscal_recontagem_pendente where assinante_id = ${assinanteId}`.execute(trx);
  await gravarCobertura(trx);
}

async function seedTenant(trx: Tx, assinanteId: number, bela: boolean): Promise<void> {
  await seedContadores(trx, assinanteId);
  // domain.md §11 / spec §2.4: /planoPagamento has a learning resource (franchise tenant only)
  if (bela) {
    await sql`insert into recurso_aprendizagem (assinante_id, menu_id, titulo, conteudo)
      values (${assinanteId}, '/planoPagamento', 'Como montar um plano de pagamento',
        ${'Um plano de pagamento define as parcelas (em dias e percentuais que somam exatamente 100%) e em quais lojas e em que vigência ele vale. Use "Compra" para prazos de fornecedores e "Venda" para as condições oferecidas no caixa.'})`.execute(
      trx,
    );
  }
  const { rows: admins } = await sql<{
    id: number;
  }>`select id from usuario where assinante_id = ${assinanteId} and administrador and ativo order by id`.execute(trx);
  const notificacoes = await notificacoesDoAssinante(trx, assinanteId, bela);
  for (const { id } of admins) {
    for (const n of notificacoes) {
      await sql`insert into notificacao (assinante_id, usuario_id, titulo, corpo, link, criado_em, lida, lida_em)
        values (${assinanteId}, ${id}, ${n.titulo}, ${n.corpo}, ${n.link}, now() - make_interval(days => ${n.dias}),
                ${n.lida}, ${n.lida ? sql`now() - make_interval(days => ${n.dias})` : null})`.execute(trx);
    }
  }
}

export async function seedDemoPlataforma(db: Database): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id, a.tipoCliente === 'BOTICARIO'));
  }
}
