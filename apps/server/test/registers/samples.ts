/** A valid payload per register (contract and property tests); every declared register must have one. */
import { cnpjValido, cpfValido, gtinComDigito } from '@retaguarda/domain';
import { SAMPLES_FINANCEIRO_FISCAL } from './financeiro-fiscal.samples';

export type Sample = {
  create: (n: number) => Record<string, unknown>;
  update: Record<string, unknown>;
  textField?: string;
  nested?: Record<string, string>;
};

export const SAMPLES: Record<string, Sample> = {
  marca: { create: (n) => ({ descricao: `Marca Teste ${n}` }), update: { descricao: 'Marca Alterada' } },
  unidade: {
    create: (n) => ({ sigla: `T${n}`, descricao: `Unidade teste ${n}`, casasDecimais: 2 }),
    update: { descricao: 'Unidade alterada' },
  },
  situacaoFiscal: {
    create: (n) => ({
      codigo: `X${n}`,
      descricao: `Situação teste ${n}`,
      tipo: 'SUBSTITUICAO',
      cst: '60',
      csosn: '500',
    }),
    update: { descricao: 'Situação alterada' },
  },
  naturezaPisCofins: {
    create: (n) => ({
      id: `T${n}`,
      descricao: `Natureza teste ${n}`,
      tipoImposto: 'PIS',
      cstEntrada: '50',
      cstSaida: '01',
      aliquotaSaida: '0.65',
    }),
    update: { descricao: 'Natureza alterada' },
  },
  secao: { create: (n) => ({ descricao: `Seção teste ${n}` }), update: { descricao: 'Seção alterada' } },
  grupoProduto: {
    create: (n) => ({ descricao: `Grupo teste ${n}` }),
    update: { descricao: 'Grupo alterado' },
    nested: { secaoId: '$secao' },
  },
  subgrupo: {
    create: (n) => ({ descricao: `Subgrupo teste ${n}` }),
    update: { descricao: 'Subgrupo alterado' },
    nested: { secaoId: '$secao', grupoId: '$grupo' },
  },
  produto: {
    create: (n) => ({
      descricao: `Produto teste ${n}`,
      codigoInterno: `9900${n}`,
      ncmId: '3303.00.20',
      cest: '2000800',
      pesoBruto: '0.120',
      largura: 5,
    }),
    update: { descricao: 'Produto alterado', pesoBruto: '0.250' },
  },
  codigoAuxiliar: {
    create: (n) => ({ id: gtinComDigito(`789000000${n}00`), tipo: 'EAN', produtoId: '$produto' }),
    update: { fator: '6.000' },
  },
  preco: {
    create: (n) => ({ produtoId: '$produto', lojaId: `$loja${n}`, precoVenda1: '19.90' }),
    update: { precoVenda1: '21.50' },
  },
  custo: {
    create: (n) => ({ produtoId: '$produto', lojaId: `$loja${n}`, custoReposicao: '10.5' }),
    update: { custoMedio: '9.8700' },
  },
  produtoFornecedor: {
    create: (n) => ({ fornecedorId: `$fornecedor${n}`, referencia: `REF-${n}` }),
    update: { referencia: 'REF-X' },
    nested: { produtoId: '$produto' },
  },
  holding: {
    create: (n) => ({ nome: `Holding teste ${n}`, cnpjRaiz: '12345678' }),
    update: { nome: 'Holding alterada' },
  },
  ramoCliente: { create: (n) => ({ descricao: `Ramo teste ${n}` }), update: { descricao: 'Ramo alterado' } },
  statusCliente: {
    create: (n) => ({ descricao: `Status teste ${n}`, cor: '#FF0000' }),
    update: { descricao: 'Status alterado' },
  },
  fornecedor: {
    create: (n) => ({
      tipoDePessoa: 'J',
      numeroDoDocumento: CNPJS[n]!,
      nome: `Fornecedor teste ${n} Ltda`,
      fantasia: `Fornecedor ${n}`,
      endereco: { cep: '80010-000', uf: 'PR', codigoIbge: '4106902', logradouro: 'Rua XV', numero: 'S/N' },
      contatos: [{ tipo: 'EMAIL', nome: 'Comercial', valor: 'comercial@exemplo.com.br' }],
    }),
    update: { fantasia: 'Fornecedor alterado' },
  },
  cliente: {
    create: (n) => ({
      tipoDePessoa: 'F',
      numeroDoDocumento: CPFS[n]!,
      nome: `Cliente teste ${n}`,
      endereco: { uf: 'PR', codigoIbge: '4106902' },
    }),
    update: { nome: 'Cliente alterado' },
  },
  funcionario: {
    create: (n) => ({ nome: `Funcionário ${n}`, cpf: CPFS[n + 3]!, lojaId: '$loja1' }),
    update: { cargo: 'Gerente' },
  },
  contador: {
    create: (n) => ({ nome: `Contador ${n}`, cpf: CPFS[n + 6]!, crc: 'PR-012345/O-6' }),
    update: { email: 'contador@exemplo.com.br' },
  },
  condutor: {
    create: (n) => ({
      nome: `Condutor ${n}`,
      cpf: CPFS[n + 9]!,
      categoriaCnh: 'AB',
      veiculoPadrao: { placa: 'ABC1D23', uf: 'PR' },
    }),
    update: { telefone: '41999998888' },
  },
  loja: {
    create: (n) => ({
      sigla: `TS${n}`,
      numeroDoDocumento: CNPJS[n + 3]!,
      fantasia: `Loja teste ${n}`,
      nome: `Loja teste ${n} Ltda`,
      uf: 'PR',
      crt: '3',
    }),
    update: { fantasia: 'Loja alterada' },
  },
  caracteristica: {
    create: (n) => ({ descricao: `Característica ${n}` }),
    update: { descricao: 'Característica alterada' },
  },
  aplicacao: { create: (n) => ({ descricao: `Aplicação ${n}` }), update: { descricao: 'Aplicação alterada' } },
  familiaProduto: {
    create: (n) => ({ descricao: `Família ${n}`, quantidadeMinimaPreco2: '3' }),
    update: { utilizaPrecoPorQuantidade: true },
  },
  mix: {
    create: (n) => ({ descricao: `Mix ${n}`, finalidade: 'VENDA', lojasIds: ['$loja1'], produtosIds: ['$produto'] }),
    update: { finalidade: 'COMPRA' },
  },
  similar: {
    create: (n) => ({ descricao: `Similares ${n}`, produtosIds: [`$produtoA${n}`, `$produtoB${n}`] }),
    update: { descricao: 'Similares alterado' },
  },
  grupoNcm: {
    create: (n) => ({ descricao: `Grupo NCM ${n}`, ncms: [{ ncm: `9${n}` }] }),
    update: { descricao: 'Grupo NCM alterado' },
  },
  regimeTributario: {
    create: (n) => ({ descricao: `Regime ${n}`, uf: 'PR', situacaoFiscalSaidaId: '$situacao', aliquotaIcms: '19.5' }),
    update: { aliquotaIcms: '18.0000' },
  },
  setor: {
    create: (n) => ({ descricao: `Setor teste ${n}`, centroCusto: 'CC-1' }),
    update: { descricao: 'Setor alterado' },
  },
  recursoAprendizagem: {
    create: (n) => ({ titulo: `Recurso teste ${n}`, menuId: '/marcasProduto', conteudo: `Ajuda ${n}` }),
    update: { titulo: 'Recurso alterado', link: 'https://exemplo.com.br/ajuda' },
  },
  ...SAMPLES_FINANCEIRO_FISCAL,
};

/** Edit-only registers (seeded or official): an existing id and a change. */
export const EDIT_ONLY: Record<string, { id: string; update: Record<string, unknown> }> = {
  genero: { id: '33', update: { descricao: 'Perfumaria e cosméticos' } },
  ncm: { id: '33030020', update: { observacao: 'Colônias: ST no PR' } },
};

/** Valid documents generated once (check digits found by search, never real registrations). */
function gerar(n: number, corpo: (i: number) => string, valido: (s: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = 1; out.length < n; i++) {
    for (let d = 0; d < 100; d++) {
      const s = `${corpo(i)}${String(d).padStart(2, '0')}`;
      if (valido(s)) {
        out.push(s);
        break;
      }
    }
  }
  return out;
}
export const CPFS = gerar(20, (i) => String(700000000 + i * 7919), cpfValido);
export const CNPJS = gerar(20, (i) => `${String(70000000 + i * 7919)}0001`, cnpjValido);
