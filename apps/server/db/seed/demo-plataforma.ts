/**
 * Demo data of the platform services (domain.md §11): 5 notifications per demo administrator
 * (2 unread); the sales-upload errors (6 PRODUTO_NAO_CADASTRADO, 2 FINALIZADORA, 1 TOTAL_DIVERGENTE
 * pending, 1 REPROCESSADA) and the product fiscal inconsistencies behind the counters. Runs once,
 * after the demo tenants and registers, with the tenant set.
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

type Erro = [sigla: string, tipo: string, status: string, mensagem: string];
const SUBIDA_BELA_VIDA: Erro[] = [
  ...[1, 2, 3, 4].map(
    (i): Erro => ['BV01', 'PRODUTO_NAO_CADASTRADO', 'PENDENTE', `Produto 789100000${i} não cadastrado.`],
  ),
  ['BV02', 'PRODUTO_NAO_CADASTRADO', 'PENDENTE', 'Produto 7891000005 não cadastrado.'],
  ['BV02', 'PRODUTO_NAO_CADASTRADO', 'PENDENTE', 'Produto 7891000006 não cadastrado.'],
  ['BV01', 'FINALIZADORA_NAO_CADASTRADA', 'PENDENTE', 'Finalizadora 17 (Vale presente) não cadastrada.'],
  ['BV02', 'FINALIZADORA_NAO_CADASTRADA', 'PENDENTE', 'Finalizadora 17 (Vale presente) não cadastrada.'],
  ['BV02', 'TOTAL_DIVERGENTE', 'PENDENTE', 'Pagamentos menos troco (R$ 129,90) diferem do total do cupom (R$ 119,90).'],
  ['BV01', 'PRODUTO_NAO_CADASTRADO', 'REPROCESSADA', 'Produto 7891000009 não cadastrado.'],
];

/**
 * [produto, tipo, loja, valor atual, detalhe]: only the scenario coverage's own type is seeded here; every
 * other type comes from the detection over the demo products (migration 0160), run at the end.
 */
type Inc = [produto: string | null, tipo: string, loja: string | null, valor: string | null, detalhe: string];
const INCONSISTENCIAS: Record<string, Inc[]> = {
  bela: [
    [
      'Kit Presente Brisa Floral',
      'SEM_CENARIO_FISCAL',
      'BV01',
      null,
      'Nenhum cenário fiscal dá CST/CFOP válido nesta loja.',
    ],
  ],
  mercadao: [],
};

async function seedContadores(trx: Tx, assinanteId: number, bela: boolean): Promise<void> {
  const lojas = new Map(
    (await sql<{ id: number; sigla: string }>`select id, sigla from loja`.execute(trx)).rows.map((l) => [
      l.sigla,
      l.id,
    ]),
  );
  const produtos = new Map(
    (
      await sql<{
        id: number;
        descricao: string;
        codigo: string;
      }>`select id, descricao, codigo_interno as codigo from produto`.execute(trx)
    ).rows.map((p) => [p.descricao, p]),
  );
  if (bela) {
    let cupom = 4100;
    for (const [sigla, tipo, status, mensagem] of SUBIDA_BELA_VIDA) {
      cupom += 1;
      const payload = JSON.stringify({ cupom, pdv: 1, itens: [], origem: 'demonstração' });
      await sql`insert into subida_venda_transacao (assinante_id, loja_id, pdv, numero_cupom, data_movimento, data_hora, operador, valor,
          tipo_erro, mensagem, payload, status, tentativas)
        values (${assinanteId}, ${lojas.get(sigla)!}, 1, ${cupom}, current_date - 1, now() - interval '20 hours', 'Caixa 1', '119.90',
          ${tipo}, ${mensagem}, ${payload}::jsonb, ${status}, ${status === 'PENDENTE' ? 1 : 2})`.execute(trx);
    }
  }
  for (const [nome, tipo, sigla, valor, detalhe] of INCONSISTENCIAS[bela ? 'bela' : 'mercadao']!) {
    const p = nome ? produtos.get(nome) : undefined;
    if (nome && !p) continue; // the product seed changed: never point at a product that is not there
    await sql`insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
      values (${assinanteId}, ${p?.id ?? null}, ${sigla ? lojas.get(sigla)! : null}, ${p?.codigo ?? null},
        ${p?.descricao ?? `Item importado (NCM ${valor})`}, ${tipo}, ${valor}, ${detalhe})`.execute(trx);
  }
  // the product inconsistencies of the demo are what the detection finds (domain.md §3.7)
  await sql`select app_detectar_inconsistencias()`.execute(trx);
}

async function seedTenant(trx: Tx, assinanteId: number, bela: boolean): Promise<void> {
  await seedContadores(trx, assinanteId, bela);
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
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id, a.tipoCliente === 'BOTICARIO'));
  }
}
