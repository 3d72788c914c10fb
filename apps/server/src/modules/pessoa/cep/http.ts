/**
 * Production provider: a ViaCEP-like JSON service. CEP_URL holds the address with `{cep}` where the
 * 8 digits go (e.g. https://viacep.com.br/ws/{cep}/json/); the answer's `erro: true` means "no such CEP".
 */
import { CepIndisponivel, type EnderecoDoCep, type ProvedorCep } from './tipos';

interface RespostaViaCep {
  erro?: boolean | string;
  cep?: string;
  uf?: string;
  localidade?: string;
  ibge?: string;
  logradouro?: string;
  bairro?: string;
}

export function provedorHttp(modelo: string, timeoutMs: number): ProvedorCep {
  return {
    async buscar(cep: string): Promise<EnderecoDoCep | null> {
      const url = modelo.includes('{cep}') ? modelo.replace('{cep}', cep) : `${modelo.replace(/\/$/, '')}/${cep}/json/`;
      let r: Response;
      try {
        r = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      } catch {
        throw new CepIndisponivel();
      }
      if (r.status === 404 || r.status === 400) return null;
      if (!r.ok) throw new CepIndisponivel();
      const j = (await r.json().catch(() => {
        throw new CepIndisponivel();
      })) as RespostaViaCep;
      if (j.erro === true || j.erro === 'true') return null;
      if (!j.uf || !j.localidade) throw new CepIndisponivel();
      return {
        cep,
        uf: j.uf.toUpperCase(),
        municipio: j.localidade,
        codigoIbge: j.ibge && /^\d{7}$/.test(j.ibge) ? j.ibge : null,
        logradouro: j.logradouro || null,
        bairro: j.bairro || null,
      };
    },
  };
}
