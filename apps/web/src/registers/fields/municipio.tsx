/**
 * Município from the official IBGE table we ship (GET /api/v1/municipios?uf=): the UF first, then its
 * municipalities by name, the 7-digit code filled by the choice (nobody types an IBGE code by hand).
 */
import { type ComboboxItem, Group, type OptionsFilter, Select } from '@mantine/core';
import { UF_IBGE } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { UFS_ALFABETICAS } from './escolha';
import { comuns, type InputProps, texto } from './tipos';

export interface Municipio {
  codigoIbge: string;
  nome: string;
  uf: string;
}

/** The UF of an IBGE code (its first 2 digits). */
export function ufDoCodigo(codigo: unknown): string | null {
  const c = texto(codigo).slice(0, 2);
  return Object.entries(UF_IBGE).find(([, n]) => n === c)?.[0] ?? null;
}

export function useMunicipios(uf: string | null) {
  return useQuery({
    queryKey: ['municipios', uf],
    enabled: !!uf,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      (await api<{ items: Municipio[] }>(`/api/v1/municipios?uf=${encodeURIComponent(uf ?? '')}`, { signal })).items,
  });
}

const semAcento = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** "goiania" finds Goiânia, "sao paulo" São Paulo: names are searched without accents. */
export const semAcentos: OptionsFilter = ({ options, search }) => {
  const t = semAcento(search.trim());
  return (options as ComboboxItem[]).filter((o) => semAcento(o.label).includes(t));
};

interface SelectProps {
  uf: string | null;
  value: unknown;
  onChange: (m: Municipio | null) => void;
  p: InputProps;
}

/** The municipalities of one UF, searchable by name; the value is the IBGE code. */
export function MunicipioSelect({ uf, value, onChange, p }: SelectProps) {
  const consulta = useMunicipios(uf);
  const lista = consulta.data ?? [];
  const c = comuns(p);
  return (
    <Select
      {...c}
      data={lista.map((m) => ({ value: m.codigoIbge, label: m.nome }))}
      placeholder={uf ? 'Selecionar' : 'Escolha a UF'}
      nothingFoundMessage={consulta.isPending && uf ? 'Carregando…' : 'Nenhum resultado'}
      searchable
      filter={semAcentos}
      limit={50}
      clearable={!c.readOnly}
      disabled={!uf && !c.readOnly}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      value={texto(value) || null}
      onChange={(v) => onChange(lista.find((m) => m.codigoIbge === v) ?? null)}
    />
  );
}

/** A lone IBGE field (a store's município): its own UF picker beside the município. */
export function MunicipioInput(p: InputProps) {
  const [ufEscolhida, setUf] = useState<string | null>(() => ufDoCodigo(p.value));
  // a code set from outside (a store's CEP filled it) brings its UF; without a code, the UF the user chose
  const uf = ufDoCodigo(p.value) ?? ufEscolhida;
  const somenteLeitura = p.somenteLeitura || p.field.readOnly;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-cy={`municipio-${p.caminho}`}>
      <Select
        label={p.semRotulo ? undefined : 'UF'}
        aria-label={`UF de ${p.field.label}`}
        data={UFS_ALFABETICAS}
        value={uf}
        onChange={(v) => {
          setUf(v);
          if (v !== ufDoCodigo(p.value)) p.onChange(null);
        }}
        searchable
        readOnly={somenteLeitura}
        w={90}
        size="sm"
        comboboxProps={{ withinPortal: true }}
        data-cy={`campo-${p.caminho}-uf`}
      />
      <div style={{ flex: 1 }}>
        <MunicipioSelect uf={uf} value={p.value} onChange={(m) => p.onChange(m?.codigoIbge ?? null)} p={p} />
      </div>
    </Group>
  );
}
