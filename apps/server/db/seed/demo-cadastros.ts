/**
 * Demo registers of domain.md §11 for both tenants: gêneros, units, brands, sectors,
 * fiscal registers, product hierarchy, suppliers, products with barcodes and prices, people.
 * Runs once, right after the demo tenants are created, on the owner connection with the tenant set.
 */
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { gtinComDigito } from '@retaguarda/domain';
import { DEMO_ASSINANTES } from './demo-data';

type Row = Record<string, unknown>;

/** Inserts rows into a register table and returns their ids in order. */
export async function ins(trx: Tx, table: string, rows: Row[]): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const cols = Object.keys(r);
    const vals = cols.map((c) => (Array.isArray(r[c]) ? sql`${r[c]}` : r[c]));
    const res = await sql<{
      id: number;
    }>`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values (${sql.join(vals)}) returning id`.execute(
      trx,
    );
    ids.push(res.rows[0]!.id);
  }
  return ids;
}

const UNIDADES = [
  { sigla: 'UN', descricao: 'Unidade', permite_fracionamento: false, casas_decimais: 0 },
  { sigla: 'KG', descricao: 'Quilograma', permite_fracionamento: true, casas_decimais: 3 },
  { sigla: 'L', descricao: 'Litro', permite_fracionamento: true, casas_decimais: 3 },
  { sigla: 'ML', descricao: 'Mililitro', permite_fracionamento: false, casas_decimais: 0 },
  { sigla: 'CX', descricao: 'Caixa', permite_fracionamento: false, casas_decimais: 0 },
  { sigla: 'KIT', descricao: 'Kit', permite_fracionamento: false, casas_decimais: 0 },
];

const SITUACOES = [
  {
    codigo: 'T19',
    descricao: 'Tributado 19,5%',
    tipo: 'TRIBUTADO',
    cst: '00',
    csosn: '102',
    aliquota: '19.5000',
    totalizador_pdv: 'T1950',
  },
  {
    codigo: 'T18',
    descricao: 'Tributado 18%',
    tipo: 'TRIBUTADO',
    cst: '00',
    csosn: '102',
    aliquota: '18.0000',
    totalizador_pdv: 'T1800',
  },
  {
    codigo: 'F',
    descricao: 'Substituição tributária',
    tipo: 'SUBSTITUICAO',
    cst: '60',
    csosn: '500',
    aliquota: null,
    totalizador_pdv: 'F1',
  },
  { codigo: 'I', descricao: 'Isento', tipo: 'ISENTO', cst: '40', csosn: '103', aliquota: null, totalizador_pdv: 'I1' },
  {
    codigo: 'N',
    descricao: 'Não tributado',
    tipo: 'NAO_TRIBUTADO',
    cst: '41',
    csosn: '400',
    aliquota: null,
    totalizador_pdv: 'N1',
  },
];

const NATUREZAS = [
  {
    id: '01',
    descricao: 'PIS tributado alíquota básica',
    tipo_imposto: 'PIS',
    tipo_incidencia: 'CUMULATIVO',
    cst_entrada: '50',
    cst_saida: '01',
    aliquota_entrada: '0.6500',
    aliquota_saida: '0.6500',
  },
  {
    id: '02',
    descricao: 'COFINS tributado alíquota básica',
    tipo_imposto: 'COFINS',
    tipo_incidencia: 'CUMULATIVO',
    cst_entrada: '50',
    cst_saida: '01',
    aliquota_entrada: '3.0000',
    aliquota_saida: '3.0000',
  },
  {
    id: '91',
    descricao: 'PIS monofásico revenda perfumaria',
    tipo_imposto: 'PIS',
    tipo_incidencia: 'MONOFASICO',
    cst_entrada: '70',
    cst_saida: '04',
    aliquota_entrada: '0.0000',
    aliquota_saida: '0.0000',
    natureza_receita: '202',
  },
  {
    id: '92',
    descricao: 'COFINS monofásico revenda perfumaria',
    tipo_imposto: 'COFINS',
    tipo_incidencia: 'MONOFASICO',
    cst_entrada: '70',
    cst_saida: '04',
    aliquota_entrada: '0.0000',
    aliquota_saida: '0.0000',
    natureza_receita: '202',
  },
  {
    id: '06',
    descricao: 'Alíquota zero (cesta básica)',
    tipo_imposto: 'PIS',
    tipo_incidencia: 'ALIQUOTA_ZERO',
    cst_entrada: '73',
    cst_saida: '06',
    aliquota_entrada: '0.0000',
    aliquota_saida: '0.0000',
  },
];

interface DemoProduto {
  descricao: string;
  ncm: string;
  secao: string;
  grupo: string;
  marca?: string;
  cest?: string;
  natureza?: string;
  situacao?: string;
  unidade?: string;
  preco: string;
  pesoVariavel?: boolean;
  /** origem da mercadoria (default 0, nacional) */
  origem?: string;
}

const PRODUTOS_BELA: DemoProduto[] = [
  {
    descricao: 'Colônia Brisa Floral 75 ml',
    ncm: '33030020',
    cest: '2000800',
    natureza: '91',
    situacao: 'F',
    secao: 'Perfumaria',
    grupo: 'Colônias',
    marca: 'Aurora',
    preco: '129.90',
  },
  {
    descricao: 'Hidratante Amêndoas 400 ml',
    ncm: '33049910',
    secao: 'Perfumaria',
    grupo: 'Cuidados com o corpo',
    marca: 'Bosque',
    preco: '59.90',
  },
  {
    descricao: 'Shampoo Maré 250 ml',
    ncm: '33051000',
    secao: 'Perfumaria',
    grupo: 'Cabelos',
    marca: 'Maré',
    preco: '34.90',
  },
  {
    descricao: 'Desodorante roll-on 55 ml',
    ncm: '33072010',
    secao: 'Perfumaria',
    grupo: 'Cuidados com o corpo',
    marca: 'Aurora',
    preco: '24.90',
  },
  {
    descricao: 'Sabonete kit 5x80 g',
    ncm: '34011190',
    secao: 'Perfumaria',
    grupo: 'Cuidados com o corpo',
    marca: 'Bosque',
    preco: '19.90',
    unidade: 'KIT',
  },
  { descricao: 'Batom Matte', ncm: '33041000', secao: 'Maquiagem', grupo: 'Lábios', marca: 'Aurora', preco: '39.90' },
  {
    descricao: 'Kit Presente Brisa Floral',
    ncm: '33030020',
    // imported kit (estrangeira, adquirida no mercado interno): no demo tax scenario covers origem 2, so the
    // scenario coverage finds it (the counter "inconsistências de tributação" of the demo)
    origem: '2',
    cest: '2000800',
    natureza: '91',
    situacao: 'F',
    secao: 'Perfumaria',
    grupo: 'Colônias',
    marca: 'Aurora',
    preco: '189.90',
    unidade: 'KIT',
  },
];

const PRODUTOS_MERCADAO: DemoProduto[] = [
  {
    descricao: 'Arroz tipo 1 5 kg',
    ncm: '10063021',
    natureza: '06',
    secao: 'Mercearia',
    grupo: 'Grãos',
    marca: 'Planalto',
    preco: '27.90',
  },
  {
    descricao: 'Feijão carioca 1 kg',
    ncm: '07133399',
    secao: 'Mercearia',
    grupo: 'Grãos',
    marca: 'Planalto',
    preco: '8.49',
  },
  {
    descricao: 'Leite UHT integral 1 L',
    ncm: '04012010',
    secao: 'Mercearia',
    grupo: 'Laticínios',
    marca: 'Serra Azul',
    preco: '5.79',
    unidade: 'L',
  },
  { descricao: 'Café torrado e moído 500 g', ncm: '09012100', secao: 'Mercearia', grupo: 'Matinais', preco: '18.90' },
  { descricao: 'Açúcar cristal 1 kg', ncm: '17019900', secao: 'Mercearia', grupo: 'Matinais', preco: '4.99' },
  { descricao: 'Óleo de soja 900 ml', ncm: '15079011', secao: 'Mercearia', grupo: 'Óleos', preco: '7.49' },
  {
    descricao: 'Refrigerante cola 2 L',
    ncm: '22021000',
    situacao: 'F',
    secao: 'Bebidas',
    grupo: 'Refrigerantes',
    marca: 'Cerrado',
    preco: '9.99',
  },
  {
    descricao: 'Cerveja lata 350 ml',
    ncm: '22030000',
    situacao: 'F',
    secao: 'Bebidas',
    grupo: 'Cervejas',
    marca: 'Cerrado',
    preco: '3.89',
  },
  {
    descricao: 'Banana prata kg',
    ncm: '08039000',
    situacao: 'I',
    secao: 'Hortifruti',
    grupo: 'Frutas',
    preco: '6.98',
    unidade: 'KG',
    pesoVariavel: true,
  },
  {
    descricao: 'Pão francês kg',
    ncm: '19059090',
    secao: 'Padaria',
    grupo: 'Pães',
    preco: '16.90',
    unidade: 'KG',
    pesoVariavel: true,
  },
  {
    descricao: 'Acém bovino kg',
    ncm: '02013000',
    secao: 'Açougue',
    grupo: 'Bovinos',
    preco: '36.90',
    unidade: 'KG',
    pesoVariavel: true,
  },
];

const FORNECEDORES = {
  bela: [
    {
      cnpj: '60914833000190',
      nome: 'Distribuidora Aurora Cosméticos Ltda',
      fantasia: 'Aurora Cosméticos',
      uf: 'PR',
      ibge: '4106902',
      holding: 'Grupo Aurora',
    },
    { cnpj: '33281407000193', nome: 'Maré Embalagens Ltda', fantasia: 'Maré Embalagens', uf: 'PR', ibge: '4113700' },
  ],
  mercadao: [
    {
      cnpj: '05877219000197',
      nome: 'Cerealista Planalto Ltda',
      fantasia: 'Cerealista Planalto',
      uf: 'GO',
      ibge: '5208707',
    },
    {
      cnpj: '18442906000121',
      nome: 'Laticínios Serra Azul Ltda',
      fantasia: 'Laticínios Serra Azul',
      uf: 'MG',
      ibge: '3106200',
    },
    { cnpj: '72615390000115', nome: 'Bebidas Cerrado Ltda', fantasia: 'Bebidas Cerrado', uf: 'GO', ibge: '5201108' },
    { cnpj: '09158247000105', nome: 'Hortifruti Vale Verde Ltda', fantasia: 'Vale Verde', uf: 'GO', ibge: '5208707' },
  ],
};

// the seed runs as the owner (a superuser bypasses RLS even when forced): filter the tenant explicitly
async function idMap(trx: Tx, table: string, key: string): Promise<Map<string, number>> {
  const r = await sql<{
    k: string;
    id: number;
  }>`select ${sql.ref(key)} as k, id from ${sql.table(table)} where assinante_id = app_assinante()`.execute(trx);
  return new Map(r.rows.map((x) => [x.k, x.id]));
}

async function seedPessoas(trx: Tx, assinanteId: number, bela: boolean) {
  const holdings = bela ? ['Grupo Bela Vida', 'Grupo Aurora'] : ['Grupo Bom Preço'];
  const hIds = await ins(
    trx,
    'holding',
    holdings.map((nome) => ({ assinante_id: assinanteId, nome })),
  );
  const holding = new Map(holdings.map((h, i) => [h, hIds[i]!]));
  await ins(
    trx,
    'ramo_cliente',
    ['Consumidor', 'Revendedor(a) VD', 'Empresa', 'Funcionário'].map((descricao) => ({
      assinante_id: assinanteId,
      descricao,
    })),
  );
  await ins(
    trx,
    'status_cliente',
    [
      { descricao: 'Ativo', cor: '#2F9E44', padrao: true },
      {
        descricao: 'Bloqueado',
        cor: '#E03131',
        bloqueia_venda: true,
        mensagem_pdv: 'Cliente bloqueado: procure o gerente.',
      },
      { descricao: 'Inadimplente', cor: '#F08C00', bloqueia_venda_prazo: true },
      { descricao: 'VIP', cor: '#7048E8' },
    ].map((x) => ({ assinante_id: assinanteId, ...x })),
  );
  for (const fo of bela ? FORNECEDORES.bela : FORNECEDORES.mercadao) {
    const [id] = await ins(trx, 'fornecedor', [
      {
        assinante_id: assinanteId,
        tipo_de_pessoa: 'J',
        numero_do_documento: fo.cnpj,
        nome: fo.nome,
        fantasia: fo.fantasia,
        indicador_ie: 1,
        inscricao_estadual: 'ISENTO',
        crt: 3,
        holding_id: 'holding' in fo ? (holding.get(fo.holding as string) ?? null) : null,
        endereco_uf: fo.uf,
        endereco_codigo_ibge: fo.ibge,
        email: `comercial@${fo.fantasia.toLowerCase().replace(/[^a-z]/g, '')}.com.br`,
      },
    ]);
    await sql`insert into fornecedor_contato (assinante_id, fornecedor_id, ordem, tipo, nome, valor) values (${assinanteId}, ${id}, 0, 'EMAIL_NFE', 'NF-e', ${`nfe@${fo.fantasia.toLowerCase().replace(/[^a-z]/g, '')}.com.br`})`.execute(
      trx,
    );
  }
  await sql`update fornecedor f set endereco_municipio = m.nome from municipio m where m.codigo_ibge = f.endereco_codigo_ibge and f.assinante_id = ${assinanteId}`.execute(
    trx,
  );
  await sql`update loja set holding_id = ${holding.get(bela ? 'Grupo Bela Vida' : 'Grupo Bom Preço')!} where sigla in ('BV04', 'MB01') and assinante_id = ${assinanteId}`.execute(
    trx,
  );
  const status = await idMap(trx, 'status_cliente', 'descricao');
  const clientes = bela
    ? [
        { nome: 'Juliana Ferreira', doc: '52998224725', status: 'VIP' },
        { nome: 'Marcos Oliveira', doc: '11144477735', status: 'Ativo' },
      ]
    : [
        { nome: 'Restaurante Sabor Goiano', doc: '11222333000181', status: 'Ativo' },
        { nome: 'Pedro Santos', doc: '39053344705', status: 'Inadimplente' },
      ];
  await ins(
    trx,
    'cliente',
    clientes.map((c) => ({
      assinante_id: assinanteId,
      tipo_de_pessoa: c.doc.length === 11 ? 'F' : 'J',
      numero_do_documento: c.doc,
      nome: c.nome,
      status_id: status.get(c.status)!,
    })),
  );
  await ins(trx, 'contador', [
    {
      assinante_id: assinanteId,
      nome: bela ? 'Ricardo Contábil' : 'Helena Contadora',
      cpf: bela ? '86288366757' : '71428793860',
      crc: bela ? 'PR-012345/O-6' : 'GO-023456/O-1',
    },
  ]);
  await ins(trx, 'condutor', [
    {
      assinante_id: assinanteId,
      nome: 'Carlos Entregas',
      cpf: '25634428777',
      categoria_cnh: 'AB',
      veiculo_padrao_placa: 'ABC1D23',
      veiculo_padrao_uf: bela ? 'PR' : 'GO',
    },
  ]);
}

async function seedProdutos(trx: Tx, assinanteId: number, bela: boolean) {
  const lista = bela ? PRODUTOS_BELA : PRODUTOS_MERCADAO;
  const secoes = new Map<string, number>();
  const grupos = new Map<string, number>();
  for (const p of lista) {
    if (!secoes.has(p.secao))
      secoes.set(p.secao, (await ins(trx, 'secao', [{ assinante_id: assinanteId, descricao: p.secao }]))[0]!);
    const gk = `${p.secao}/${p.grupo}`;
    if (!grupos.has(gk))
      grupos.set(
        gk,
        (
          await ins(trx, 'grupo_produto', [
            { assinante_id: assinanteId, secao_id: secoes.get(p.secao)!, descricao: p.grupo },
          ])
        )[0]!,
      );
  }
  const marcas = await idMap(trx, 'marca', 'descricao');
  const unidades = await idMap(trx, 'unidade', 'sigla');
  const situacoes = await idMap(trx, 'situacao_fiscal', 'codigo');
  const lojas = await sql<{ id: number }>`select id from loja where assinante_id = ${assinanteId} order by id`.execute(
    trx,
  );
  const base = bela ? 0 : 7;
  for (const [i, p] of lista.entries()) {
    const n = base + i + 1;
    const [id] = await ins(trx, 'produto', [
      {
        assinante_id: assinanteId,
        codigo_interno: String(1000 + n),
        descricao: p.descricao,
        descricao_reduzida: p.descricao.slice(0, 30),
        secao_id: secoes.get(p.secao)!,
        grupo_id: grupos.get(`${p.secao}/${p.grupo}`)!,
        marca_id: p.marca ? (marcas.get(p.marca) ?? null) : null,
        ncm_id: p.ncm,
        genero_id: p.ncm.slice(0, 2),
        cest: p.cest ?? null,
        origem: p.origem ?? '0',
        natureza_de_imposto_federal_id: p.natureza ?? null,
        situacao_fiscal_saida_id: situacoes.get(p.situacao ?? (bela ? 'T19' : 'T18')) ?? null,
        unidade_de_venda_id: unidades.get(p.unidade ?? 'UN')!,
        peso_variavel: p.pesoVariavel ?? false,
        envia_balanca: p.pesoVariavel ?? false,
      },
    ]);
    // EAN 2000000000015…: restricted-circulation codes, never real GTINs (domain §11)
    await sql`insert into codigo_auxiliar (assinante_id, id, produto_id, tipo, fator) values (${assinanteId}, ${gtinComDigito(String(200000000000 + n))}, ${id}, 'EAN', 1)`.execute(
      trx,
    );
    for (const l of lojas.rows) {
      await ins(trx, 'preco', [{ assinante_id: assinanteId, produto_id: id, loja_id: l.id, preco_venda1: p.preco }]);
      await ins(trx, 'custo', [
        {
          assinante_id: assinanteId,
          produto_id: id,
          loja_id: l.id,
          custo_reposicao: (Number(p.preco) * 0.55).toFixed(4),
          custo_medio: (Number(p.preco) * 0.53).toFixed(4),
        },
      ]);
    }
  }
}

async function seedTenant(trx: Tx, assinanteId: number, bela: boolean): Promise<void> {
  await sql`select app_semear_generos()`.execute(trx);
  await ins(
    trx,
    'unidade',
    UNIDADES.map((u) => ({ assinante_id: assinanteId, ...u })),
  );
  const marcas = bela ? ['Aurora', 'Maré', 'Bosque'] : ['Serra Azul', 'Planalto', 'Cerrado'];
  await ins(
    trx,
    'marca',
    marcas.map((descricao) => ({ assinante_id: assinanteId, descricao })),
  );
  await ins(
    trx,
    'setor',
    ['Compras', 'Financeiro', 'Loja', 'Fiscal'].map((descricao) => ({ assinante_id: assinanteId, descricao })),
  );
  await ins(
    trx,
    'situacao_fiscal',
    SITUACOES.filter((s) => bela || s.codigo !== 'T19').map((s) => ({ assinante_id: assinanteId, ...s })),
  );
  for (const n of NATUREZAS)
    await sql`insert into natureza_pis_cofins (assinante_id, id, descricao, tipo_imposto, tipo_incidencia, cst_entrada, cst_saida, aliquota_entrada, aliquota_saida, natureza_receita)
    values (${assinanteId}, ${n.id}, ${n.descricao}, ${n.tipo_imposto}, ${n.tipo_incidencia}, ${n.cst_entrada}, ${n.cst_saida}, ${n.aliquota_entrada}, ${n.aliquota_saida}, ${n.natureza_receita ?? null})`.execute(
      trx,
    );
  await seedPessoas(trx, assinanteId, bela);
  await seedProdutos(trx, assinanteId, bela);
}

/** Tenants are found by their demo host (the definer function works even where RLS binds the owner). */
export async function seedDemoCadastros(db: Database): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id, a.tipoCliente === 'BOTICARIO'));
  }
}
