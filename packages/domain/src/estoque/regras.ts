/** Rules of the Estoque registers that span fields (domain.md §5). */

/** Inventory surplus enters stock and shortage leaves it: the default type of each must agree. */
export function errosTipoAjuste(m: { tipo?: unknown; usoInventario?: unknown; cfop?: unknown }): string[] {
  const erros: string[] = [];
  if (m.usoInventario === 'SOBRA' && m.tipo !== 'ENTRADA')
    erros.push('usoInventario: o tipo padrão para sobra de inventário deve ser de entrada.');
  if (m.usoInventario === 'FALTA' && m.tipo !== 'SAIDA')
    erros.push('usoInventario: o tipo padrão para falta de inventário deve ser de saída.');
  // CFOP 1/2/3xxx are entries, 5/6/7xxx exits (domain.md §1.1)
  const c = typeof m.cfop === 'string' ? m.cfop[0] : undefined;
  if (c && m.tipo === 'ENTRADA' && !'123'.includes(c))
    erros.push('cfop: um ajuste de entrada usa CFOP de entrada (1xxx, 2xxx ou 3xxx).');
  if (c && m.tipo === 'SAIDA' && !'567'.includes(c))
    erros.push('cfop: um ajuste de saída usa CFOP de saída (5xxx, 6xxx ou 7xxx).');
  return erros;
}

/** The default sale location must allow sales. */
export function errosLocalEstoque(m: { permiteVenda?: unknown; padraoVenda?: unknown; ativo?: unknown }): string[] {
  const erros: string[] = [];
  if (m.padraoVenda === true && m.permiteVenda !== true)
    erros.push('padraoVenda: o local padrão de venda precisa permitir venda.');
  if (m.ativo === false && m.padraoVenda === true)
    erros.push('ativo: o local padrão de venda não pode ser inativado; escolha outro padrão antes.');
  return erros;
}
