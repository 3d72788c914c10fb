/** Rules of the POS promotional messages (domain.md §4): 80 mm printers take 48 columns, at most 5 lines. */
import { type FalhaDeCampo, falhaDeCampo } from '../contrato';
export const COLUNAS_CUPOM = 48;
export const LINHAS_CUPOM = 5;

export function errosTextoCupom(texto: unknown): FalhaDeCampo[] {
  if (typeof texto !== 'string') return [];
  const linhas = texto.replace(/\r\n?/g, '\n').split('\n');
  if (linhas.length > LINHAS_CUPOM)
    return [
      falhaDeCampo('texto', `no máximo ${LINHAS_CUPOM} linhas (a impressora do PDV imprime até ${LINHAS_CUPOM}).`),
    ];
  const longa = linhas.findIndex((l) => [...l].length > COLUNAS_CUPOM);
  if (longa >= 0)
    return [falhaDeCampo('texto', `a linha ${longa + 1} passa de ${COLUNAS_CUPOM} colunas (impressora de 80 mm).`)];
  return [];
}

/** The daily window: both ends or neither, start before end. */
export function errosHorario(inicio: unknown, fim: unknown): FalhaDeCampo[] {
  if (!inicio && !fim) return [];
  if (!inicio || !fim) return [falhaDeCampo('horaFim', 'informe o início e o fim do horário, ou nenhum dos dois.')];
  return String(fim) <= String(inicio) ? [falhaDeCampo('horaFim', 'o fim do horário deve ser depois do início.')] : [];
}

const DIAS = ['DOM', 'SEG', 'TER', 'QUA', 'QUI', 'SEX', 'SAB'] as const;

export interface MensagemVigencia {
  ativo?: boolean;
  vigenciaInicio: string;
  vigenciaFim?: string | null;
  diasSemana?: readonly string[];
  horaInicio?: string | null;
  horaFim?: string | null;
}

/**
 * Whether a message goes to the POS at a store-local moment (`data` YYYY-MM-DD, `hora` HH:mm):
 * store-local because business days are the store's (domain.md §1.1), never UTC.
 */
export function mensagemEmVigor(m: MensagemVigencia, data: string, hora: string): boolean {
  if (m.ativo === false || data < m.vigenciaInicio || (m.vigenciaFim && data > m.vigenciaFim)) return false;
  const [y, mo, d] = data.split('-').map(Number);
  const dia = DIAS[new Date(Date.UTC(y!, mo! - 1, d!)).getUTCDay()]!;
  if (m.diasSemana?.length && !m.diasSemana.includes(dia)) return false;
  if (m.horaInicio && m.horaFim && (hora < m.horaInicio || hora >= m.horaFim)) return false;
  return true;
}
