import type { RegisterHooks } from '../hooks';
import { situacaoFiscalHooks } from './fiscal';
import { contadorHooks, pessoaHooks } from './pessoa';
import { codigoAuxiliarHooks, produtoHooks } from './produto';

/** Register key → its named hooks (a declaration's `hooks` list must match what is here). */
export const REGISTER_HOOKS: Record<string, RegisterHooks> = {
  situacaoFiscal: situacaoFiscalHooks,
  fornecedor: pessoaHooks,
  cliente: pessoaHooks,
  contador: contadorHooks,
  produto: produtoHooks,
  codigoAuxiliar: codigoAuxiliarHooks,
};
