/** Local fake of the CEP service (tests, demos): a few real CEPs; 99999999 plays an unreachable service. */
import { CepIndisponivel, type EnderecoDoCep, type ProvedorCep } from './tipos';

const CEPS: EnderecoDoCep[] = [
  {
    cep: '01310100',
    uf: 'SP',
    municipio: 'São Paulo',
    codigoIbge: '3550308',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
  },
  {
    cep: '80010000',
    uf: 'PR',
    municipio: 'Curitiba',
    codigoIbge: '4106902',
    logradouro: 'Praça Tiradentes',
    bairro: 'Centro',
  },
  // a provider that gives no IBGE code: the route finds it in the table by UF and name
  { cep: '74003010', uf: 'GO', municipio: 'Goiânia', codigoIbge: null, logradouro: 'Rua 4', bairro: 'Centro' },
];

export const provedorFalso: ProvedorCep = {
  async buscar(cep) {
    if (cep === '99999999') throw new CepIndisponivel();
    return CEPS.find((c) => c.cep === cep) ?? null;
  },
};
