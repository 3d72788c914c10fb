import { defineRegister, f } from '../registers/fields';

/**
 * Conta corrente (domain.md §2.2): store-bound; branch and account checked with the bank's public
 * algorithm (digitos-bancarios.ts); bank + branch + account unique. Only accounts with
 * `utilizaConciliacao` take part in the bank reconciliation.
 */
export const contaCorrente = defineRegister({
  key: 'contaCorrente',
  table: 'conta_corrente',
  label: {
    singular: 'Conta corrente',
    plural: 'Contas correntes',
    naoEncontrado: 'Conta corrente não encontrada.',
    incluido: 'Conta corrente incluída.',
    excluido: 'Conta corrente excluída.',
    indefinido: 'uma conta corrente',
    definido: 'a conta corrente',
  },
  area: 'Financeiro',
  route: '/financeiro/conta-corrente',
  paths: [{ path: '/v1/financeiro/contas-correntes' }],
  permissao: 'CONTA_CORRENTE',
  lojaField: 'lojaId',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.loja('lojaId', 'Loja', { required: true }),
    f.enumOf(
      'tipoConta',
      'Tipo de conta',
      [
        { value: 'CORRENTE', label: 'Conta corrente' },
        { value: 'POUPANCA', label: 'Poupança' },
        { value: 'CAIXA', label: 'Caixa (tesouraria)' },
        { value: 'APLICACAO', label: 'Aplicação' },
        { value: 'RECEBIVEIS_CARTAO', label: 'Recebíveis de cartão' },
      ],
      { required: true, default: 'CORRENTE' },
    ),
    f.reference('agenteFinanceiroId', 'Agente financeiro (banco)', 'agenteFinanceiro', {
      help: 'Obrigatório, exceto para contas do tipo caixa.',
    }),
    f.text('agencia', 'Agência', {
      maxLength: 5,
      pattern: { regex: '^\\d{1,5}$', message: 'Informe a agência só com números, sem o dígito.' },
    }),
    f.text('agenciaDigito', 'Dígito da agência', { maxLength: 1, upper: true }),
    f.text('numeroConta', 'Número da conta', {
      maxLength: 12,
      pattern: { regex: '^\\d{1,12}$', message: 'Informe a conta só com números, sem o dígito.' },
    }),
    f.text('numeroContaDigito', 'Dígito da conta', { maxLength: 1, upper: true, help: 'O dígito pode ser X.' }),
    f.text('carteira', 'Carteira', { maxLength: 10 }),
    f.text('convenio', 'Convênio', { maxLength: 20 }),
    f.enumOf('tipoChavePix', 'Tipo da chave PIX', [
      { value: 'CPF_CNPJ', label: 'CPF ou CNPJ' },
      { value: 'EMAIL', label: 'E-mail' },
      { value: 'TELEFONE', label: 'Telefone' },
      { value: 'ALEATORIA', label: 'Chave aleatória' },
    ]),
    f.text('chavePix', 'Chave PIX', { maxLength: 77 }),
    f.money('saldoInicial', 'Saldo inicial', {
      required: true,
      default: '0',
      negativo: true,
      help: 'Pode ser negativo.',
    }),
    f.date('dataSaldoInicial', 'Data do saldo inicial', { required: true }),
    f.money('limite', 'Limite'),
    f.text('contaContabil', 'Conta contábil', { maxLength: 30 }),
    f.boolean('utilizaConciliacao', 'Utiliza conciliação bancária'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'lojaId' },
      { field: 'tipoConta' },
      { field: 'agencia' },
      { field: 'numeroConta' },
      { field: 'utilizaConciliacao' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
  sections: [
    { title: 'Dados gerais', fields: ['descricao', 'lojaId', 'tipoConta', 'ativo', 'idExterno'] },
    {
      title: 'Banco',
      fields: [
        'agenteFinanceiroId',
        'agencia',
        'agenciaDigito',
        'numeroConta',
        'numeroContaDigito',
        'carteira',
        'convenio',
        'tipoChavePix',
        'chavePix',
      ],
    },
    {
      title: 'Saldo e conciliação',
      fields: ['saldoInicial', 'dataSaldoInicial', 'limite', 'contaContabil', 'utilizaConciliacao'],
    },
  ],
});
