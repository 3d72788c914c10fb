/** Unit pickers of the product form: "UN - Unidade", the units the products use most on top. */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { semAcentos } from '../../../registers/fields/municipio';
import { comuns, type InputProps, texto } from '../../../registers/fields/tipos';

interface UnidadeUso {
  id: number;
  sigla: string;
  descricao: string;
}

export function UnidadeInput(p: InputProps) {
  const { data = [] } = useQuery({
    queryKey: ['unidades-por-uso'],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await api<{ items: UnidadeUso[] }>('/api/v1/produto/unidades-por-uso', { signal })).items,
  });
  const c = comuns(p);
  return (
    <Select
      {...c}
      data={data.map((u) => ({ value: String(u.id), label: `${u.sigla} - ${u.descricao}` }))}
      searchable
      filter={semAcentos}
      clearable={!c.readOnly}
      placeholder="Selecionar"
      nothingFoundMessage="Nenhum resultado"
      maxDropdownHeight={360}
      comboboxProps={{ withinPortal: true }}
      value={texto(p.value) || null}
      onChange={(v) => p.onChange(v === null ? null : Number(v))}
    />
  );
}
