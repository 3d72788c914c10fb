/** The CEP lookup of the address editors: GET /api/v1/cep/{cep} once per complete CEP typed. */
import { useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { razoesDe } from '../../../registers/api';
import type { EnderecoDoCep } from './endereco';

/** `erro`: an unknown CEP (shown on the field); otherwise a notice (the service is off: pick UF and município). */
export interface AvisoCep {
  erro: boolean;
  texto: string;
}

export function useConsultaCep(aoAchar: (r: EnderecoDoCep, cep: string) => void) {
  const [aviso, setAviso] = useState<AvisoCep | null>(null);
  const consultado = useRef<string | null>(null);
  async function consultar(v: unknown) {
    if (typeof v !== 'string' || !/^\d{8}$/.test(v) || consultado.current === v) return;
    consultado.current = v;
    try {
      const r = await api<EnderecoDoCep>(`/api/v1/cep/${v}`);
      setAviso(null);
      aoAchar(r, v);
    } catch (e) {
      const { status, message } = razoesDe(e);
      setAviso({ erro: status === 404, texto: message || 'Não foi possível consultar o CEP.' });
    }
  }
  return { aviso, consultar };
}
