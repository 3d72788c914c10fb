/** The order monitoring's list view: the shared table, paged by the server, on the same filter as the board. */
import { Badge, Group, Text } from '@mantine/core';
import { formatarDinheiro, type PedidoVenda, ROTULO_CANAL_PEDIDO, ROTULO_ETAPA_PEDIDO } from '@retaguarda/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatarDataHora } from '../../../lib/formato';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { listarPedidos } from './api';
import { COR_ETAPA } from './movimento';
import { parametrosDoFiltro, useVistaPedidos } from './vista';

export function ListaPedidos({ aoAbrir }: { aoAbrir: (p: PedidoVenda) => void }) {
  const filtro = useVistaPedidos((s) => s.filtro);
  const [pagina, setPagina] = useState(1);
  const [tamanho, setTamanho] = useState(25);
  const [ordem, setOrdem] = useState('-id');
  const p = parametrosDoFiltro(filtro);
  p.set('start', String((pagina - 1) * tamanho));
  p.set('count', String(tamanho));
  p.set('sort', ordem);
  const lista = useQuery({
    queryKey: ['pedidos', 'lista', p.toString()],
    queryFn: ({ signal }) => listarPedidos(p, signal),
    placeholderData: keepPreviousData,
  });
  const colunas: ColunaTabela<PedidoVenda>[] = [
    { id: 'id', titulo: 'Número', ordenavel: true, codigo: true, celula: (x) => x.numero },
    { id: 'idExterno', titulo: 'Nº externo', celula: (x) => x.idExterno ?? '' },
    { id: 'dataEmissao', titulo: 'Emissão', ordenavel: true, celula: (x) => formatarDataHora(x.dataEmissao) },
    {
      id: 'etapa',
      titulo: 'Situação',
      ordenavel: true,
      celula: (x) => (
        <Group gap={4} wrap="nowrap">
          <Badge
            variant="light"
            radius="sm"
            tt="none"
            color={COR_ETAPA[x.etapa]}
            style={{ overflow: 'visible' }}
            data-cy="pedido-etapa"
          >
            {ROTULO_ETAPA_PEDIDO[x.etapa]}
          </Badge>
          {x.itensInconsistentes > 0 && (
            <Text c="red" fz="xs" data-cy="pedido-inconsistente">
              {x.itensInconsistentes} {x.itensInconsistentes === 1 ? 'item inconsistente' : 'itens inconsistentes'}
            </Text>
          )}
        </Group>
      ),
    },
    { id: 'loja', titulo: 'Loja', celula: (x) => `${x.lojaSigla}${x.lojaFantasia ? ` - ${x.lojaFantasia}` : ''}` },
    { id: 'cliente', titulo: 'Cliente', celula: (x) => x.clienteNome ?? '' },
    {
      id: 'canal',
      titulo: 'Canal',
      celula: (x) => `${ROTULO_CANAL_PEDIDO[x.canal]} · ${x.retiradaNaLoja ? 'retirada' : 'entrega'}`,
    },
    { id: 'valorTotal', titulo: 'Valor', ordenavel: true, celula: (x) => formatarDinheiro(x.valorTotal) },
  ];
  return (
    <TabelaDados
      rotulo="Pedidos de venda"
      colunas={colunas}
      itens={lista.data?.items ?? []}
      carregando={lista.isPending}
      atualizando={lista.isFetching && !lista.isPending}
      idDe={(x) => String(x.id)}
      ordem={ordem}
      aoOrdenar={(campo) => setOrdem((o) => (o === campo ? `-${campo}` : campo))}
      aoAbrir={aoAbrir}
      abrirComClique
      paginacao={{
        total: lista.data?.total ?? 0,
        pagina,
        tamanho,
        aoMudarPagina: setPagina,
        aoMudarTamanho: (t) => {
          setTamanho(t);
          setPagina(1);
        },
      }}
      larguraMinima={1100}
      vazio={
        <Text c="dimmed" fz="sm" data-cy="lista-vazia">
          {lista.isError ? 'Não foi possível carregar a lista.' : 'Nenhum pedido.'}
        </Text>
      }
      dataCy="lista-pedidos"
    />
  );
}
