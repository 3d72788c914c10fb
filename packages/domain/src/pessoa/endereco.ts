import { f } from '../registers/fields';

/** The nested `endereco` existing integrations read and write (api-compat: clientes). */
export const endereco = () =>
  f.group('endereco', 'Endereço', [
    f.cep('cep', 'CEP'),
    f.uf('uf', 'UF'),
    f.ibge('codigoIbge', 'Município (IBGE)'),
    f.text('municipio', 'Município'),
    f.text('logradouro', 'Logradouro', { maxLength: 120 }),
    f.text('numero', 'Número', { maxLength: 10, help: 'Informe S/N quando não houver número.' }),
    f.text('bairro', 'Bairro'),
    f.text('complemento', 'Complemento'),
  ]);

export const TIPO_PESSOA = [
  { value: 'F', label: 'Física' },
  { value: 'J', label: 'Jurídica' },
];
