/** Pure steps of the address editor: what a CEP's answer fills, what a UF change clears. */
import { UF_IBGE } from '@retaguarda/domain';

export interface EnderecoDoCep {
  cep: string;
  uf: string;
  codigoIbge: string | null;
  municipio: string;
  logradouro: string | null;
  bairro: string | null;
}

type Valor = Record<string, unknown>;

/** The CEP's UF, município and code always; street and district only where the service knows them. */
export function aplicarCep(valor: Valor, r: EnderecoDoCep): Valor {
  return {
    ...valor,
    uf: r.uf,
    codigoIbge: r.codigoIbge,
    municipio: r.municipio,
    logradouro: r.logradouro ?? valor.logradouro ?? null,
    bairro: r.bairro ?? valor.bairro ?? null,
  };
}

/** Another UF: a município of the old one no longer fits and is cleared. */
export function trocarUf(valor: Valor, uf: string | null): Valor {
  const codigo = typeof valor.codigoIbge === 'string' ? valor.codigoIbge : '';
  const cabe = !!uf && !!codigo && UF_IBGE[uf] === codigo.slice(0, 2);
  return { ...valor, uf, ...(cabe ? {} : { codigoIbge: null, municipio: null }) };
}
