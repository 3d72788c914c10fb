import { defineRegister, f } from '../registers/fields';
import { endereco, TIPO_PESSOA } from './endereco';

/** Clientes (Pessoa > Gestão de clientes) with the fields integrations read and write (api-compat). */
export const cliente = defineRegister({
  key: 'cliente',
  table: 'cliente',
  label: { singular: 'Cliente', plural: 'Clientes', genero: 'o' },
  area: 'Pessoa',
  route: '/pessoa/clientes',
  paths: [{ path: '/v1/pessoa/clientes' }],
  permissao: 'CLIENTE',
  hooks: ['prepareBody', 'beforeCreate', 'beforeUpdate'],
  fields: [
    f.enumOf('tipoDePessoa', 'Tipo de pessoa', TIPO_PESSOA, { required: true, default: 'F' }),
    f.cpfCnpj('numeroDoDocumento', 'CPF/CNPJ', { unique: true }),
    f.text('nome', 'Nome', { required: true, maxLength: 100 }),
    f.text('fantasia', 'Fantasia'),
    f.text('numeroDeIdentificacao', 'RG', { maxLength: 20 }),
    f.text('orgaoExpedidor', 'Órgão expedidor', { maxLength: 20 }),
    f.text('inscricaoEstadual', 'Inscrição estadual', { maxLength: 14, upper: true }),
    f.text('inscricaoMunicipal', 'Inscrição municipal', { maxLength: 20 }),
    f.enumOf('tipoContribuinte', 'Contribuinte ICMS', [
      { value: '1', label: 'Contribuinte' },
      { value: '2', label: 'Isento' },
      { value: '9', label: 'Não contribuinte' },
    ]),
    f.phone('telefone1', 'Telefone'),
    f.phone('telefone2', 'Telefone 2'),
    f.phone('fax', 'Fax'),
    f.email('email', 'E-mail'),
    f.text('contato', 'Contato'),
    f.date('dataNascimento', 'Data de nascimento'),
    f.reference('statusId', 'Status', 'statusCliente'),
    f.reference('ramoId', 'Ramo', 'ramoCliente'),
    f.reference('holdingId', 'Holding', 'holding'),
    f.loja('lojaId', 'Loja de cadastro'),
    f.percent('descontoConcedidoAoCliente', 'Desconto concedido (%)'),
    f.money('limiteDeCredito', 'Limite de crédito'),
    f.longText('observacao', 'Observação', { maxLength: 1000 }),
    endereco(),
  ],
  list: {
    columns: [{ field: 'id' }, { field: 'nome' }, { field: 'numeroDoDocumento' }, { field: 'endereco.municipio', label: 'Cidade' }, { field: 'statusId' }, { field: 'ativo', label: 'Situação' }],
    search: ['nome', 'fantasia', 'numeroDoDocumento'],
  },
  sections: [
    { title: 'Gerais', fields: ['tipoDePessoa', 'numeroDoDocumento', 'nome', 'fantasia', 'numeroDeIdentificacao', 'orgaoExpedidor', 'inscricaoEstadual', 'inscricaoMunicipal', 'tipoContribuinte', 'dataNascimento', 'ativo'] },
    { title: 'Endereço', fields: ['endereco'] },
    { title: 'Contato', fields: ['telefone1', 'telefone2', 'fax', 'email', 'contato'] },
    { title: 'Comercial', fields: ['statusId', 'ramoId', 'holdingId', 'lojaId', 'descontoConcedidoAoCliente', 'limiteDeCredito', 'observacao'] },
  ],
});
