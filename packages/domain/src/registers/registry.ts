/** Every register of the product: adding one is its file + one line here + its migration. */
import { marca } from '../produto/marca.register';
import { unidade } from '../produto/unidade.register';
import { setor } from '../pessoa/setor.register';
import { genero } from '../fiscal/genero.register';
import { naturezaPisCofins } from '../fiscal/natureza-pis-cofins.register';
import { ncm } from '../fiscal/ncm.register';
import { situacaoFiscal } from '../fiscal/situacao-fiscal.register';
import { cliente } from '../pessoa/cliente.register';
import { condutor } from '../pessoa/condutor.register';
import { contador } from '../pessoa/contador.register';
import { fornecedor } from '../pessoa/fornecedor.register';
import { funcionario } from '../pessoa/funcionario.register';
import { holding } from '../pessoa/holding.register';
import { loja } from '../pessoa/loja.register';
import { ramoCliente } from '../pessoa/ramo-cliente.register';
import { statusCliente } from '../pessoa/status-cliente.register';
import { grupoProduto, secao, subgrupo } from '../produto/hierarquia.register';
import { codigoAuxiliar, custo, preco, produtoFornecedor } from '../produto/produto-sub.register';
import { produto } from '../produto/produto.register';
import type { RegisterDef } from './types';

export const REGISTERS: readonly RegisterDef[] = [
  marca,
  unidade,
  setor,
  genero,
  ncm,
  situacaoFiscal,
  naturezaPisCofins,
  secao,
  grupoProduto,
  subgrupo,
  produto,
  codigoAuxiliar,
  preco,
  custo,
  produtoFornecedor,
  holding,
  ramoCliente,
  statusCliente,
  fornecedor,
  cliente,
  funcionario,
  contador,
  condutor,
  loja,
];

export function registerByKey(key: string): RegisterDef | undefined {
  return REGISTERS.find((r) => r.key === key);
}
