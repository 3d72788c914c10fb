/**
 * The simulator's form: react-hook-form over the domain's contract (`entradaSimulacao`), its values in the
 * contract's own shape (decimal strings, yyyy-MM-dd) as the shared register inputs give them (money, quantity,
 * date typed dd/MM/yyyy and read by the domain's one reader), so the screen parses nothing itself.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type EntradaSimulacao, entradaSimulacao, type FieldDef, type FormularioSimulacao } from '@retaguarda/domain';
import type { Resolver } from 'react-hook-form';

export type ValoresSimulacao = FormularioSimulacao;

export const resolverSimulacao: Resolver<ValoresSimulacao, unknown, EntradaSimulacao> = zodResolver(entradaSimulacao);

/** The typed fields, declared as the register inputs take them. */
export const CAMPOS_SIMULACAO = {
  valor: { name: 'valor', type: 'money', label: 'Valor unitário' },
  quantidade: { name: 'quantidade', type: 'quantity', label: 'Quantidade', scale: 4 },
  data: { name: 'data', type: 'date', label: 'Data' },
} as const satisfies Record<string, FieldDef>;

export function valoresIniciais(loja: { id: number; uf?: string } | undefined): ValoresSimulacao {
  return {
    produtoId: undefined as unknown as number,
    lojaId: loja?.id as number,
    tipoOperacao: 'VENDA',
    modelo: '65',
    ufDestino: loja?.uf as ValoresSimulacao['ufDestino'],
    data: null,
    valor: null,
    quantidade: '1',
  };
}
