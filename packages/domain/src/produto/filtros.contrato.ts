/**
 * The product filters' options a screen reads for its pickers (active seções, marcas and fornecedores: id and
 * name), served by the stock reports (GET /api/v1/estoque/relatorios/opcoes) and the tax lots' wizard
 * (GET /api/v1/fiscal/inconsistencias/filtros) to users who may not read those registers.
 */
import { z } from 'zod';

export const opcaoDeFiltro = z.object({ id: z.number(), descricao: z.string() });
export type OpcaoDeFiltro = z.infer<typeof opcaoDeFiltro>;

export const opcoesDeFiltroDeProduto = z.object({
  secoes: z.array(opcaoDeFiltro),
  marcas: z.array(opcaoDeFiltro),
  fornecedores: z.array(opcaoDeFiltro),
});
export type OpcoesDeFiltroDeProduto = z.infer<typeof opcoesDeFiltroDeProduto>;
