/** The CEP service's interface (providers implement it; provedor.ts picks one). */
/** What a provider knows of a CEP (the IBGE code when it gives one; the route checks it in the table). */
export interface EnderecoDoCep {
  cep: string;
  uf: string;
  municipio: string;
  codigoIbge: string | null;
  logradouro: string | null;
  bairro: string | null;
}

/** The service could not answer (down, timeout, unexpected reply): 503, never 500. */
export class CepIndisponivel extends Error {}

export interface ProvedorCep {
  /** null: the CEP does not exist. Throws CepIndisponivel when the service cannot answer. */
  buscar(cep: string): Promise<EnderecoDoCep | null>;
}
