/** Rules of the Estoque registers that span fields (domain.md §5). */
import { type FalhaDeCampo, falhaDeCampo } from '../contrato';

/** Inventory surplus enters stock and shortage leaves it: the default type of each must agree. */
export function errosTipoAjuste(m: { tipo?: unknown; usoInventario?: unknown; cfop?: unknown }): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [];
  if (m.usoInventario === 'SOBRA' && m.tipo !== 'ENTRADA')
    erros.push(falhaDeCampo('usoInventario', 'o tipo padrão para sobra de inventário deve ser de entrada.'));
  if (m.usoInventario === 'FALTA' && m.tipo !== 'SAIDA')
    erros.push(falhaDeCampo('usoInventario', 'o tipo padrão para falta de inventário deve ser de saída.'));
  // CFOP 1/2/3xxx are entries, 5/6/7xxx exits (domain.md §1.1)
  const c = typeof m.cfop === 'string' ? m.cfop[0] : undefined;
  if (c && m.tipo === 'ENTRADA' && !'123'.includes(c))
    erros.push(falhaDeCampo('cfop', 'um ajuste de entrada usa CFOP de entrada (1xxx, 2xxx ou 3xxx).'));
  if (c && m.tipo === 'SAIDA' && !'567'.includes(c))
    erros.push(falhaDeCampo('cfop', 'um ajuste de saída usa CFOP de saída (5xxx, 6xxx ou 7xxx).'));
  return erros;
}

/** The default sale location must allow sales. */
export function errosLocalEstoque(m: {
  permiteVenda?: unknown;
  padraoVenda?: unknown;
  ativo?: unknown;
}): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [];
  if (m.padraoVenda === true && m.permiteVenda !== true)
    erros.push(falhaDeCampo('padraoVenda', 'o local padrão de venda precisa permitir venda.'));
  if (m.ativo === false && m.padraoVenda === true)
    erros.push(falhaDeCampo('ativo', 'o local padrão de venda não pode ser inativado; escolha outro padrão antes.'));
  return erros;
}
