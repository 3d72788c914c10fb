import { defineRegister, f } from '../registers/fields';
import type { PermissionBase } from '../permissions';
import type { RegisterLabel } from '../registers/types';

const APLICACOES = [
  { value: 'PDV_ITEM', label: 'Item no PDV' },
  { value: 'PDV_TOTAL', label: 'Total do cupom no PDV' },
  { value: 'BAIXA_TITULO', label: 'Baixa de título' },
  { value: 'PEDIDO', label: 'Pedido' },
];

/** Motivo de desconto and de acréscimo share one shape (domain.md §2): the POS asks for a supervisor above the maximum. */
function motivoAjustePreco(o: {
  key: string;
  table: string;
  label: RegisterLabel;
  route: string;
  path: string;
  permissao: PermissionBase;
  maximo: string;
}) {
  return defineRegister({
    key: o.key,
    table: o.table,
    label: o.label,
    area: 'Financeiro',
    route: o.route,
    paths: [{ path: o.path }],
    permissao: o.permissao,
    fields: [
      f.text('descricao', 'Descrição', { required: true, unique: 'ativos' }),
      f.multiEnum('aplicacao', 'Aplicação', APLICACOES, { required: true }),
      f.percent('percentualMaximo', o.maximo, {
        help: 'Acima deste percentual o PDV pede a autorização do supervisor.',
      }),
      f.boolean('exigeAutorizacaoSupervisor', 'Exige autorização do supervisor'),
    ],
    list: {
      columns: [
        { field: 'id' },
        { field: 'descricao' },
        { field: 'percentualMaximo' },
        { field: 'exigeAutorizacaoSupervisor' },
        { field: 'ativo', label: 'Situação' },
      ],
    },
  });
}

export const motivoDesconto = motivoAjustePreco({
  key: 'motivoDesconto',
  table: 'motivo_desconto',
  label: {
    singular: 'Motivo de desconto',
    plural: 'Motivos de desconto',
    naoEncontrado: 'Motivo de desconto não encontrado.',
    incluido: 'Motivo de desconto incluído.',
    excluido: 'Motivo de desconto excluído.',
    indefinido: 'um motivo de desconto',
    definido: 'o motivo de desconto',
  },
  route: '/motivoDesconto',
  path: '/v1/financeiro/motivos-desconto',
  permissao: 'MOTIVO_DESCONTO',
  maximo: 'Desconto máximo (%)',
});

export const motivoAcrescimo = motivoAjustePreco({
  key: 'motivoAcrescimo',
  table: 'motivo_acrescimo',
  label: {
    singular: 'Motivo de acréscimo',
    plural: 'Motivos de acréscimo',
    naoEncontrado: 'Motivo de acréscimo não encontrado.',
    incluido: 'Motivo de acréscimo incluído.',
    excluido: 'Motivo de acréscimo excluído.',
    indefinido: 'um motivo de acréscimo',
    definido: 'o motivo de acréscimo',
  },
  route: '/motivoAcrescimo',
  path: '/v1/financeiro/motivos-acrescimo',
  permissao: 'MOTIVO_ACRESCIMO',
  maximo: 'Acréscimo máximo (%)',
});
