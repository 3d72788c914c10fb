/** The product area's own editors for fields of the generic register form (by register and field). */
import type { ComponentType } from 'react';
import type { InputProps } from '../../../registers/fields';
import { GeneroDoNcmInput, GrupoDaSecaoInput, SubgrupoDoGrupoInput } from './Hierarquia';
import { ImagemProdutoInput } from './ImagemProduto';
import { PrecosPorLojaInput } from './PrecosPorLoja';
import { UnidadeInput } from './Unidade';

const EDITORES: Record<string, ComponentType<InputProps>> = {
  'produto.precos': PrecosPorLojaInput,
  'produto.grupoId': GrupoDaSecaoInput,
  'produto.subgrupoId': SubgrupoDoGrupoInput,
  'produto.generoId': GeneroDoNcmInput,
  'produto.unidadeDeVendaId': UnidadeInput,
  'produto.unidadeDeCompraId': UnidadeInput,
  'produto.imagem': ImagemProdutoInput,
};

export const editorDoProduto = (registro: string, campo: string) => EDITORES[`${registro}.${campo}`];
