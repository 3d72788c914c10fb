import { defineRegister, f } from '../registers/fields';

/** Agente financeiro (domain.md §2): banks (COMPE code from the official banks table), acquirers, finance companies. */
export const agenteFinanceiro = defineRegister({
  key: 'agenteFinanceiro',
  table: 'agente_financeiro',
  label: {
    singular: 'Agente financeiro',
    plural: 'Agentes financeiros',
    naoEncontrado: 'Agente financeiro não encontrado.',
    incluido: 'Agente financeiro incluído.',
    excluido: 'Agente financeiro excluído.',
    indefinido: 'um agente financeiro',
    definido: 'o agente financeiro',
  },
  area: 'Financeiro',
  route: '/financeiro/agente-financeiro',
  paths: [{ path: '/v1/financeiro/agentes-financeiros' }],
  permissao: 'AGENTE_FINANCEIRO',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
    f.enumOf(
      'tipo',
      'Tipo',
      [
        { value: 'BANCO', label: 'Banco' },
        { value: 'ADQUIRENTE', label: 'Adquirente (cartões)' },
        { value: 'FINANCEIRA', label: 'Financeira' },
        { value: 'COOPERATIVA', label: 'Cooperativa de crédito' },
        { value: 'CAIXA_INTERNO', label: 'Caixa interno' },
      ],
      { required: true },
    ),
    f.reference('codigoBanco', 'Banco (código COMPE)', 'banco', {
      help: 'Obrigatório para bancos; conferido na tabela de bancos do Banco Central.',
    }),
    f.text('ispb', 'ISPB', { maxLength: 8, pattern: { regex: '^\\d{8}$', message: 'O ISPB tem 8 dígitos.' } }),
    f.cnpj('cnpj', 'CNPJ'),
    f.percent('taxaPadrao', 'Taxa padrão (%)'),
    f.text('site', 'Site', { maxLength: 120 }),
    f.phone('telefone', 'Telefone'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'descricao' },
      { field: 'tipo' },
      { field: 'codigoBanco' },
      { field: 'ativo', label: 'Situação' },
    ],
  },
});
