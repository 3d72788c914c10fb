import { defineRegister, f } from '../registers/fields';
import { endereco, TIPO_PESSOA } from './endereco';

/** Fornecedor (domain §9) with the field names integrations send (api-compat: pessoa/fornecedores). */
export const fornecedor = defineRegister({
  key: 'fornecedor',
  table: 'fornecedor',
  label: { singular: 'Fornecedor', plural: 'Fornecedores', genero: 'o' },
  area: 'Pessoa',
  route: '/pessoa/fornecedor',
  paths: [{ path: '/v1/pessoa/fornecedores' }],
  permissao: 'FORNECEDOR',
  hooks: ['prepareBody', 'beforeCreate', 'beforeUpdate'],
  fields: [
    f.enumOf('tipoDePessoa', 'Tipo de pessoa', TIPO_PESSOA, { required: true, default: 'J' }),
    f.cpfCnpj('numeroDoDocumento', 'CNPJ/CPF', { required: true, unique: true }),
    f.text('nome', 'Razão social', { required: true, maxLength: 100 }),
    f.text('fantasia', 'Fantasia', { required: true }),
    f.text('inscricaoEstadual', 'Inscrição estadual', { maxLength: 14, upper: true, pattern: { regex: '^(ISENTO|[0-9A-Z.\\-/]{2,14})$', message: 'Informe a inscrição estadual ou ISENTO.' } }),
    f.enumOf('indicadorIE', 'Indicador da IE', [
      { value: '1', label: 'Contribuinte' },
      { value: '2', label: 'Isento' },
      { value: '9', label: 'Não contribuinte' },
    ], { column: 'indicador_ie' }),
    f.text('inscricaoMunicipal', 'Inscrição municipal', { maxLength: 20 }),
    f.enumOf('crt', 'CRT', [
      { value: '1', label: 'Simples Nacional' },
      { value: '2', label: 'Simples (excesso de sublimite)' },
      { value: '3', label: 'Regime normal' },
      { value: '4', label: 'MEI' },
    ]),
    f.reference('holdingId', 'Holding', 'holding'),
    f.boolean('produtorRural', 'Produtor rural'),
    f.text('tipoDeFornecedor', 'Tipo de fornecedor', { maxLength: 30 }),
    f.enumOf('tipoDeFrete', 'Tipo de frete', ['CIF', 'FOB']),
    f.integer('prazoDeEntrega', 'Prazo de entrega (dias)', { min: 0, max: 365 }),
    f.money('pedidoMinimo', 'Pedido mínimo'),
    f.phone('telefone1', 'Telefone'),
    f.phone('telefone2', 'Telefone 2'),
    f.email('email', 'E-mail'),
    f.longText('observacao', 'Observação', { maxLength: 1000 }),
    endereco(),
    f.children('contatos', 'Contatos', 'fornecedor_contato', 'fornecedor_id', [
      f.enumOf('tipo', 'Tipo', ['TELEFONE', 'CELULAR', 'WHATSAPP', 'EMAIL', 'EMAIL_NFE'], { required: true }),
      f.text('nome', 'Nome'),
      f.text('cargo', 'Cargo'),
      f.text('valor', 'Contato', { required: true, maxLength: 120 }),
    ]),
  ],
  list: {
    columns: [{ field: 'id' }, { field: 'numeroDoDocumento' }, { field: 'nome' }, { field: 'fantasia' }, { field: 'endereco.municipio', label: 'Cidade' }, { field: 'endereco.uf', label: 'UF' }, { field: 'ativo', label: 'Situação' }],
    search: ['nome', 'fantasia', 'numeroDoDocumento'],
  },
  sections: [
    { title: 'Gerais', fields: ['tipoDePessoa', 'numeroDoDocumento', 'nome', 'fantasia', 'inscricaoEstadual', 'indicadorIE', 'inscricaoMunicipal', 'crt', 'holdingId', 'produtorRural', 'ativo', 'idExterno'] },
    { title: 'Endereço', fields: ['endereco'] },
    { title: 'Contatos', fields: ['telefone1', 'telefone2', 'email', 'contatos'] },
    { title: 'Comercial', fields: ['tipoDeFornecedor', 'tipoDeFrete', 'prazoDeEntrega', 'pedidoMinimo', 'observacao'] },
  ],
});
