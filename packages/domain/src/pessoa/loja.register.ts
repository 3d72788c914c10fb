import { defineRegister, f } from '../registers/fields';

/** Lojas (Administrativo): any session reads them (store pickers), only administrators write. */
export const loja = defineRegister({
  key: 'loja',
  table: 'loja',
  label: {
    singular: 'Loja',
    plural: 'Lojas',
    naoEncontrado: 'Loja não encontrada.',
    incluido: 'Loja incluída.',
    excluido: 'Loja excluída.',
    indefinido: 'uma loja',
    definido: 'a loja',
  },
  area: 'Administrativo',
  route: '/lojas',
  paths: [{ path: '/v1/pessoa/lojas' }],
  permissao: 'LOJA',
  acesso: { leitura: 'sessao', escrita: 'admin' },
  hooks: ['prepareBody', 'beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('sigla', 'Sigla', { required: true, maxLength: 6, upper: true, unique: true }),
    f.cnpj('numeroDoDocumento', 'CNPJ', { required: true, unique: true }),
    f.text('fantasia', 'Fantasia', { required: true }),
    f.text('nome', 'Razão social', { required: true, maxLength: 100 }),
    f.uf('uf', 'UF', { required: true }),
    // typed as printed ("110.042.490.114"): stored as its digits, checked by the UF's rule
    f.text('inscricaoEstadual', 'Inscrição estadual', { maxLength: 20, upper: true }),
    f.text('inscricaoMunicipal', 'Inscrição municipal', { maxLength: 20 }),
    f.text('cnaePrincipal', 'CNAE principal', {
      maxLength: 7,
      pattern: { regex: '^\\d{7}$', message: 'O CNAE tem 7 dígitos.' },
    }),
    f.enumOf(
      'crt',
      'CRT',
      [
        { value: '1', label: 'Simples Nacional' },
        { value: '2', label: 'Simples (excesso de sublimite)' },
        { value: '3', label: 'Regime normal' },
        { value: '4', label: 'MEI' },
      ],
      { required: true, default: '3' },
    ),
    f.enumOf(
      'regimeApuracao',
      'Regime de apuração',
      [
        { value: 'SIMPLES', label: 'Simples Nacional' },
        { value: 'LUCRO_PRESUMIDO', label: 'Lucro presumido' },
        { value: 'LUCRO_REAL', label: 'Lucro real' },
      ],
      { required: true, default: 'LUCRO_PRESUMIDO' },
    ),
    f.enumOf('tipo', 'Tipo', ['MATRIZ', 'FILIAL'], { required: true, default: 'FILIAL' }),
    f.cep('cep', 'CEP'),
    f.ibge('codigoIbge', 'Município (IBGE)'),
    f.text('municipio', 'Município'),
    f.text('logradouro', 'Logradouro', { maxLength: 120 }),
    f.text('numero', 'Número', { maxLength: 10 }),
    f.text('bairro', 'Bairro'),
    f.text('complemento', 'Complemento'),
    f.reference('holdingId', 'Holding', 'holding'),
    f.reference('contadorId', 'Contador', 'contador'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'sigla' },
      { field: 'fantasia' },
      { field: 'numeroDoDocumento' },
      { field: 'uf' },
      { field: 'ativo', label: 'Situação' },
    ],
    defaultSort: 'id',
    search: ['fantasia', 'nome', 'sigla'],
  },
});
