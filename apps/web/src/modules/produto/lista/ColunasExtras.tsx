/**
 * The product list's optional columns (EAN, Preço, Saldo in the user's main store), chosen in a menu
 * beside Exportar and remembered in the browser; their values come in one request per page of rows. The list's
 * toolbar slot also carries the shelf labels' print of the page's products (ImprimirEtiquetas).
 */
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconColumns } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api } from '../../../lib/api';
import type { Registro } from '../../../registers/api';
import { useContextoCadastros } from '../../../registers/contexto';
import { formatarDinheiro } from '../../../lib/formato';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { COLUNAS_EXTRAS, type ColunaExtra, gravarColunas, lerColunas } from './colunas-escolhidas';
import { ImprimirEtiquetas } from './ImprimirEtiquetas';

interface Resumo {
  id: number;
  ean: string | null;
  precoVenda1: string | null;
  saldo: string | null;
}

const saldo = (v: string | null) =>
  v === null ? '' : Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 3, minimumFractionDigits: 0 });

/** Hooks always run (context hook); only the product list gets columns and the chooser. */
export function useColunasExtras(
  registro: string,
  itens: readonly Registro[],
): { colunas: ColunaTabela<Registro>[]; seletor: ReactNode } | undefined {
  const ehProduto = registro === 'produto';
  const [escolhidas, setEscolhidas] = useState<ColunaExtra[]>(() => (ehProduto ? lerColunas() : []));
  const { lojas } = useContextoCadastros();
  const loja = lojas.find((l) => l.principal)?.id ?? lojas[0]?.id;
  const ids = itens.map((i) => Number(i.id));
  const { data } = useQuery({
    queryKey: ['produto-resumo', loja, ids],
    enabled: ehProduto && escolhidas.length > 0 && ids.length > 0,
    staleTime: 15_000,
    queryFn: async ({ signal }) => {
      const p = new URLSearchParams({ ids: ids.join(',') });
      if (loja !== undefined) p.set('lojaId', String(loja));
      return (await api<{ items: Resumo[] }>(`/api/v1/produto/produtos/resumo?${p}`, { signal })).items;
    },
  });
  if (!ehProduto) return undefined;
  const porId = new Map((data ?? []).map((r) => [r.id, r]));
  const alternar = (id: ColunaExtra) => {
    const novas = escolhidas.includes(id) ? escolhidas.filter((x) => x !== id) : [...escolhidas, id];
    const ordenadas = COLUNAS_EXTRAS.map((c) => c.id).filter((x) => novas.includes(x));
    gravarColunas(ordenadas);
    setEscolhidas(ordenadas);
  };
  const celula: Record<ColunaExtra, (r: Resumo | undefined) => ReactNode> = {
    ean: (r) => r?.ean ?? '',
    preco: (r) => formatarDinheiro(r?.precoVenda1 ?? null),
    saldo: (r) => saldo(r?.saldo ?? null),
  };
  const colunas = COLUNAS_EXTRAS.filter((c) => escolhidas.includes(c.id)).map(
    (c): ColunaTabela<Registro> => ({
      id: `extra-${c.id}`,
      titulo: c.titulo,
      codigo: c.id === 'ean',
      celula: (item) => <span data-cy={`coluna-${c.id}`}>{celula[c.id](porId.get(Number(item.id)))}</span>,
    }),
  );
  const seletor = (
    <>
      <ImprimirEtiquetas itens={itens} />
      <Menu closeOnItemClick={false} withinPortal>
        <Menu.Target>
          <Button variant="default" size="sm" leftSection={<IconColumns size={16} />} data-cy="colunas-extras">
            Colunas
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {COLUNAS_EXTRAS.map((c) => (
            <Menu.Item
              key={c.id}
              onClick={() => alternar(c.id)}
              role="menuitemcheckbox"
              aria-checked={escolhidas.includes(c.id)}
              leftSection={escolhidas.includes(c.id) ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
              data-cy={`coluna-extra-${c.id}`}
            >
              {c.titulo}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
  return { colunas, seletor };
}
