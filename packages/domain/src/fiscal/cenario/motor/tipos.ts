/** What the resolution engine reads: everything is passed in, nothing is looked up (pure functions). */
import type { Uf } from '../../../assinante';
import type { Crt, Finalidade, Modelo, TipoOperacao } from '../codigos';
import type { CenarioNcm, CenarioOperacao } from '../contrato';

export type RegimeApuracao = 'SIMPLES' | 'LUCRO_PRESUMIDO' | 'LUCRO_REAL';

export interface ProdutoMotor {
  ncm: string | null;
  /** exceção da TIPI of the product, if any */
  excecao?: string | null;
  cest?: string | null;
  /** origem da mercadoria 0–8 */
  origem: string;
  /** the grupo NCM whose codes/prefixes contain the product's NCM (at most one, domain.md §3.6) */
  grupoNcmId?: number | null;
}

export interface LojaMotor {
  uf: Uf;
  crt: Crt;
  regimeApuracao?: RegimeApuracao;
}

export interface OperacaoMotor {
  tipo: TipoOperacao;
  modelo: Modelo;
  finalidade?: Finalidade;
  /**
   * The other party's UF: the destination of an exit, the origin of an entry ('EX' = abroad). The rule's
   * ufOrigem/ufDestino are matched as the goods travel: exit store → other party, entry other party → store.
   */
  ufContraparte: Uf | 'EX';
  /** the other party's ramo de atuação; null = a final consumer without one */
  ramoAtuacaoId?: number | null;
  /** indIEDest = 1: the other party is an ICMS contributor (no DIFAL; IPI stays out of the ICMS base) */
  contribuinte?: boolean;
}

export interface ValoresMotor {
  /** unit value, money */
  valorUnitario: string;
  quantidade: string;
  frete?: string | null;
  desconto?: string | null;
  /** other accessory expenses (vOutro) */
  outras?: string | null;
}

export interface EntradaMotor {
  produto: ProdutoMotor;
  loja: LojaMotor;
  operacao: OperacaoMotor;
  /** store-local business date YYYY-MM-DD */
  data: string;
  valores: ValoresMotor;
  candidatos: { ncm: readonly CenarioNcm[]; operacao: readonly CenarioOperacao[] };
}
