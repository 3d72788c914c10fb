import { defineRegister, f } from '../registers/fields';

/**
 * The store's NFC-e settings (domain §3, administrators): série and next number of its POS, SEFAZ environment,
 * the CSC's id. The CSC token and the A1 certificate are sealed secrets (commands under
 * /api/v1/fiscal/lojas/{lojaId}/…); only the certificate's expiry is kept here, shown, never written.
 */
const CAMPOS_NFCE = [
  f.integer('nfceSerie', 'Série da NFC-e', { min: 0, max: 999 }),
  f.integer('nfceProximoNumero', 'Próximo número da NFC-e', { min: 1, max: 999_999_999 }),
  f.enumOf(
    'nfceAmbiente',
    'Ambiente da SEFAZ',
    [
      { value: '1', label: 'Produção' },
      { value: '2', label: 'Homologação' },
    ],
    { required: true, default: '2' },
  ),
  f.text('nfceCscId', 'Identificador do CSC', {
    maxLength: 6,
    pattern: { regex: '^\\d{1,6}$', message: 'O identificador do CSC tem até 6 dígitos.' },
  }),
  f.date('nfceCertificadoValidade', 'Validade do certificado A1', { readOnly: true }),
];

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
    ...CAMPOS_NFCE,
  ],
  sections: [
    {
      title: 'Dados gerais',
      fields: [
        'idExterno',
        'ativo',
        'sigla',
        'numeroDoDocumento',
        'fantasia',
        'nome',
        'uf',
        'inscricaoEstadual',
        'inscricaoMunicipal',
        'cnaePrincipal',
        'crt',
        'regimeApuracao',
        'tipo',
        'cep',
        'codigoIbge',
        'municipio',
        'logradouro',
        'numero',
        'bairro',
        'complemento',
        'holdingId',
        'contadorId',
      ],
    },
    { title: 'NFC-e', fields: CAMPOS_NFCE.map((c) => c.name) },
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
