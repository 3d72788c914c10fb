/**
 * Demo data set (shared/domain.md §11): two tenants, their stores, users and groups.
 * Every CNPJ/CPF carries valid check digits; names are fictitious. Password: Demo@1234.
 */
import {
  PERMISSION_BASES,
  type PermissionBase,
  type PermissionCode,
  perm,
  STANDALONE_PERMISSIONS,
  VERBOS,
} from '@retaguarda/domain';

export const DEMO_PASSWORD = 'Demo@1234';

export interface DemoLoja {
  sigla: string;
  fantasia: string;
  nome: string;
  cnpj: string;
  uf: string;
  crt: number;
  regimeApuracao: 'SIMPLES' | 'LUCRO_PRESUMIDO' | 'LUCRO_REAL';
  tipo: 'MATRIZ' | 'FILIAL';
  municipio: string;
  codigoIbge: string;
  /** valid for the store's UF (check digits of its SEFAZ): NF-e and the store form need it */
  inscricaoEstadual?: string;
}

export interface DemoUsuario {
  username: string;
  nome: string;
  cpf: string;
  administrador?: boolean;
  ativo?: boolean;
  forcePasswordReset?: boolean;
  grupos: string[];
  /** store siglas; the first is the principal one; '*' = every store of the tenant */
  lojas: string[] | '*';
}

export interface DemoAssinante {
  nome: string;
  tipoCliente: 'BOTICARIO' | 'TODOS';
  tema: string;
  hosts: string[];
  lojas: DemoLoja[];
  grupos: Record<string, PermissionCode[]>;
  usuarios: DemoUsuario[];
}

const ALL = (bases: PermissionBase[]): PermissionCode[] => bases.flatMap((b) => VERBOS.map((v) => perm(b, v)));
const EVERY_PERMISSION: PermissionCode[] = [
  ...ALL(Object.keys(PERMISSION_BASES) as PermissionBase[]),
  ...(Object.keys(STANDALONE_PERMISSIONS) as PermissionCode[]),
];
const EVERY_ACESSO: PermissionCode[] = (Object.keys(PERMISSION_BASES) as PermissionBase[]).map((b) => perm(b));

const FISCAL: PermissionCode[] = [
  ...ALL([
    'GENERO',
    'PROCESSO_JUDICIAL',
    'NATUREZA_IMPOSTO',
    'CENARIOS_FISCAIS',
    'REGIME_TRIBUTARIO',
    'SITUACAO_FISCAL',
    'FIGURA_FISCAL',
    'NCM',
    'LOTE_INCONSISTENCIA_PRODUTO',
    'MONITORAMENTO_DOCUMENTO_ELETRONICO',
    'CFOP',
    'INCONSISTENCIA_PRODUTO',
  ]),
  // finalizing an inconsistency lot changes products (domain.md §3.7)
  perm('PRODUTO', 'ACESSO'),
  perm('PRODUTO', 'EDITAR'),
];
const FINANCEIRO = ALL([
  'MOTIVO_CANCELAMENTO',
  'MOTIVO_DESCONTO',
  'MOTIVO_ACRESCIMO',
  'PLANO_PAGAMENTO',
  'CONDICAO_PAGAMENTO_LOJA',
  'HISTORICO_PADRAO',
  'ESPECIE_DOCUMENTO',
  'AGENTE_FINANCEIRO',
  'CONTA_CORRENTE',
  'FORMA_PAGAMENTO',
  'MANUTENCAO_OFX',
  'CONCILIACAO_DE_CC',
  'LANCAMENTO_BANCARIO',
  'REGRA_CONCILIACAO',
]).concat(perm('INDICADOR_CUSTO'));
const ESTOQUE: PermissionCode[] = [
  ...ALL([
    'TIPO_DE_AJUSTE',
    'MOTIVO_REQUISICAO',
    'AUDITORIA_SIZI',
    'LOCAL',
    'SETOR_PRODUCAO',
    'INVENTARIO',
    'RELATORIO_EXTRATO_ESTOQUE',
    'CADASTRO_DISPOSITIVO',
    'TRANSFERENCIA_ESTOQUE',
    'REQUISICAO_ESTOQUE',
  ]),
  perm('FECHAMENTO_ESTOQUE', 'ACESSO'),
  perm('FECHAMENTO_ESTOQUE', 'INCLUIR'),
  perm('AJUSTE_ESTOQUE', 'ACESSO'),
  perm('AJUSTE_ESTOQUE', 'INCLUIR'),
  // the adjustment grid looks products up by code and description
  perm('PRODUTO', 'ACESSO'),
  'PERM_RELATORIO_EXTRATO_MOVIMENTACOES',
  perm('RELATORIO_SALDO_ESTOQUE', 'ACESSO'),
];
const COMPRAS = ALL([
  'MONITORAMENTO_ACORDO_COMERCIAL',
  'TIPO_ACORDO_COMERCIAL',
  'LAYOUT_IMPORTACAO_COMPRA',
  'NOTA_FISCAL_COMPRA',
  'CONFERENCIA_COMPRA',
  'PEDIDO_COMPRA',
  'FORNECEDOR',
  'MIX',
  'MARCA',
  'FAMILIA_PRODUTO',
  // the buyer registers the products she buys (barcodes, prices and costs per store)
  'PRODUTO',
]);
const GERENCIA = ALL([
  'FUNCOES_PDV',
  // the store manager registers the store's POS terminals and collectors (frente de loja)
  'CADASTRO_DISPOSITIVO',
  'MENSAGENS_PROMOCIONAIS',
  'INCONSISTENCIA',
  'PEDIDO_VENDA',
  'VENDA_PDV',
  'MOTIVO_DEVOLUCAO',
  'STATUS',
  'RAMO',
]);
const LOJA: PermissionCode[] = [perm('INCONSISTENCIA'), perm('PEDIDO_VENDA')];

export const DEMO_ASSINANTES: DemoAssinante[] = [
  {
    nome: 'Bela Vida',
    tipoCliente: 'BOTICARIO',
    tema: 'blue',
    hosts: ['localhost', '127.0.0.1', '::1', 'belavida.localhost'],
    lojas: [
      {
        sigla: 'BV01',
        inscricaoEstadual: '9041234552',
        fantasia: 'Shopping Curitiba',
        nome: 'Bela Vida Cosméticos Ltda',
        cnpj: '41553872000164',
        uf: 'PR',
        crt: 3,
        regimeApuracao: 'LUCRO_PRESUMIDO',
        tipo: 'MATRIZ',
        municipio: 'Curitiba',
        codigoIbge: '4106902',
      },
      {
        sigla: 'BV02',
        inscricaoEstadual: '9041234633',
        fantasia: 'Londrina',
        nome: 'Bela Vida Cosméticos Ltda',
        cnpj: '41553872000245',
        uf: 'PR',
        crt: 3,
        regimeApuracao: 'LUCRO_PRESUMIDO',
        tipo: 'FILIAL',
        municipio: 'Londrina',
        codigoIbge: '4113700',
      },
      {
        sigla: 'BV03',
        inscricaoEstadual: '255123450',
        fantasia: 'Joinville',
        nome: 'Bela Vida Cosméticos Ltda',
        cnpj: '41553872000326',
        uf: 'SC',
        crt: 3,
        regimeApuracao: 'LUCRO_PRESUMIDO',
        tipo: 'FILIAL',
        municipio: 'Joinville',
        codigoIbge: '4209102',
      },
      {
        sigla: 'BV04',
        inscricaoEstadual: '114321808000',
        fantasia: 'Bela Vida SP',
        nome: 'Bela Vida SP Comércio Ltda',
        cnpj: '52806113000182',
        uf: 'SP',
        crt: 1,
        regimeApuracao: 'SIMPLES',
        tipo: 'MATRIZ',
        municipio: 'São Paulo',
        codigoIbge: '3550308',
      },
    ],
    grupos: {
      Administradores: EVERY_PERMISSION,
      Fiscal: FISCAL,
      Financeiro: FINANCEIRO,
      Estoque: ESTOQUE,
      Compras: COMPRAS,
      'Gerência de loja': GERENCIA,
      Consulta: EVERY_ACESSO,
      Loja: LOJA,
    },
    usuarios: [
      {
        username: 'ana.admin',
        nome: 'Ana Ribeiro',
        cpf: '28491573682',
        administrador: true,
        grupos: ['Administradores'],
        lojas: '*',
      },
      { username: 'carlos.fiscal', nome: 'Carlos Mendes', cpf: '51927364809', grupos: ['Fiscal'], lojas: '*' },
      {
        username: 'beatriz.fin',
        nome: 'Beatriz Albuquerque',
        cpf: '73018426517',
        grupos: ['Financeiro'],
        lojas: ['BV01', 'BV02'],
      },
      { username: 'diego.estoque', nome: 'Diego Farias', cpf: '04638291740', grupos: ['Estoque'], lojas: ['BV02'] },
      { username: 'elisa.compras', nome: 'Elisa Moraes', cpf: '86352049133', grupos: ['Compras'], lojas: '*' },
      {
        username: 'fabio.gerente',
        nome: 'Fábio Teixeira',
        cpf: '19283746546',
        grupos: ['Gerência de loja'],
        lojas: ['BV02'],
      },
      { username: 'gabi.consulta', nome: 'Gabriela Nunes', cpf: '61528490398', grupos: ['Consulta'], lojas: ['BV01'] },
      {
        username: 'henrique.inativo',
        nome: 'Henrique Prado',
        cpf: '38172645007',
        ativo: false,
        grupos: [],
        lojas: ['BV01'],
      },
      {
        username: 'igor.novo',
        nome: 'Igor Santana',
        cpf: '90451738241',
        forcePasswordReset: true,
        grupos: ['Loja'],
        lojas: ['BV03'],
      },
    ],
  },
  {
    nome: 'Mercadão Bom Preço',
    tipoCliente: 'TODOS',
    tema: 'green',
    hosts: ['mercadao.localhost'],
    lojas: [
      {
        sigla: 'MB01',
        inscricaoEstadual: '109876504',
        fantasia: 'Centro Goiânia',
        nome: 'Mercadão Bom Preço Supermercados Ltda',
        cnpj: '27390615000128',
        uf: 'GO',
        crt: 3,
        regimeApuracao: 'LUCRO_REAL',
        tipo: 'MATRIZ',
        municipio: 'Goiânia',
        codigoIbge: '5208707',
      },
      {
        sigla: 'MB02',
        inscricaoEstadual: '109876601',
        fantasia: 'Anápolis',
        nome: 'Mercadão Bom Preço Supermercados Ltda',
        cnpj: '27390615000209',
        uf: 'GO',
        crt: 3,
        regimeApuracao: 'LUCRO_REAL',
        tipo: 'FILIAL',
        municipio: 'Anápolis',
        codigoIbge: '5201108',
      },
      {
        sigla: 'MB03',
        inscricaoEstadual: '0731234500187',
        fantasia: 'Taguatinga',
        nome: 'Mercadão Bom Preço Supermercados Ltda',
        cnpj: '27390615000390',
        uf: 'DF',
        crt: 3,
        regimeApuracao: 'LUCRO_REAL',
        tipo: 'FILIAL',
        municipio: 'Brasília',
        codigoIbge: '5300108',
      },
    ],
    grupos: {
      Administradores: EVERY_PERMISSION,
      Fiscal: FISCAL,
      'Frente de caixa': GERENCIA,
    },
    usuarios: [
      {
        username: 'marta.admin',
        nome: 'Marta Oliveira',
        cpf: '25739061407',
        administrador: true,
        grupos: ['Administradores'],
        lojas: '*',
      },
      { username: 'nelson.fiscal', nome: 'Nelson Queiroz', cpf: '64820193740', grupos: ['Fiscal'], lojas: '*' },
      { username: 'olga.caixa', nome: 'Olga Pires', cpf: '17583902630', grupos: ['Frente de caixa'], lojas: ['MB01'] },
    ],
  },
];
