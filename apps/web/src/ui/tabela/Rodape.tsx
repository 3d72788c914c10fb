/** Exact total (or "mais de 10.000" with a way to count them all), page sizes 10/25/50/100 and the pages. */
import { Anchor, Group, Pagination, Select, Text } from '@mantine/core';
import { TAMANHOS_PAGINA } from '../../lib/lista/estado';

export interface PropsRodape {
  total: number;
  /** more rows than `total` match (the server stopped counting there) */
  limitado?: boolean;
  /** asks for the exact count of a limited total */
  aoContar?: () => void;
  pagina: number;
  tamanho: number;
  aoMudarPagina: (p: number) => void;
  aoMudarTamanho: (t: number) => void;
}

const numero = (n: number) => n.toLocaleString('pt-BR');

export function Rodape({ total, limitado, aoContar, pagina, tamanho, aoMudarPagina, aoMudarTamanho }: PropsRodape) {
  const paginas = Math.max(1, Math.ceil(total / tamanho));
  const de = total === 0 ? 0 : (pagina - 1) * tamanho + 1;
  // a limited total means more rows than it: every page the pager offers is full
  const ate = limitado ? pagina * tamanho : Math.min(total, pagina * tamanho);
  return (
    <Group justify="space-between" gap="sm" px="sm" py={8} wrap="wrap">
      <Group gap="xs">
        <Text fz="sm" c="dimmed" data-cy="lista-total">
          {total === 0
            ? 'Nenhum registro'
            : limitado
              ? `${numero(de)}–${numero(ate)} de mais de ${numero(total)} registros`
              : `${numero(de)}–${numero(ate)} de ${numero(total)} ${total === 1 ? 'registro' : 'registros'}`}
        </Text>
        {limitado && aoContar && (
          <Anchor component="button" type="button" fz="sm" onClick={aoContar} data-cy="contar-todos">
            Contar todos
          </Anchor>
        )}
      </Group>
      <Group gap="sm">
        <Group gap={6}>
          <Text fz="sm" c="dimmed">
            Itens por página
          </Text>
          <Select
            size="xs"
            w={72}
            aria-label="Itens por página"
            data={TAMANHOS_PAGINA.map(String)}
            value={String(tamanho)}
            allowDeselect={false}
            onChange={(v) => v && aoMudarTamanho(Number(v))}
            data-cy="tamanho-pagina"
          />
        </Group>
        <Pagination
          size="sm"
          total={paginas}
          value={Math.min(pagina, paginas)}
          onChange={aoMudarPagina}
          siblings={1}
          boundaries={1}
          getControlProps={(c) => ({
            'aria-label': c === 'previous' ? 'Página anterior' : c === 'next' ? 'Próxima página' : c,
          })}
          data-cy="paginacao"
        />
      </Group>
    </Group>
  );
}
