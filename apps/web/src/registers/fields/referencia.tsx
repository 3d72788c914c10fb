/**
 * References (spec §2.3 searchable select): server-side search over the referenced register,
 * 5 options a page, 'Selecionar' / 'Nenhum resultado'; stores come from the user's session.
 */
import { Loader, MultiSelect, Select } from '@mantine/core';
import { formatarNcm } from '@retaguarda/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessao } from '../../app/session/store';
import { caminhoApi, listar } from '../api';
import { rsqlDaBusca } from '../consulta';
import { defDoRef, rotuloDe, useRotulos } from './rotulos';
import { comuns, type DisplayProps, type InputProps, texto } from './tipos';

export const TAMANHO_PAGINA_BUSCA = 5;

function useOpcoes(ref: string | undefined, busca: string, habilitado: boolean) {
  const def = defDoRef(ref);
  const [termo] = useDebouncedValue(busca, 250);
  return useQuery({
    queryKey: ['opcoes', ref, termo],
    enabled: !!def && habilitado,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      if (!def) return [];
      const partes = [rsqlDaBusca(def, termo.replace(/^\d+ - /, ''))].filter(Boolean) as string[];
      if (def.fields.some((f) => f.name === 'ativo')) partes.push('ativo==true');
      const q = partes.map((x) => (x.includes(',') ? `(${x})` : x)).join(';');
      const p = new URLSearchParams({ start: '0', count: String(TAMANHO_PAGINA_BUSCA), sort: def.list.defaultSort });
      if (q) p.set('q', q);
      return (await listar(caminhoApi(def), p, signal)).items.map((i) => ({
        value: String(i.id),
        label: rotuloDe(def, i),
      }));
    },
  });
}

function useOpcoesLoja() {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  return lojas.map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia ?? l.sigla ?? ''}` }));
}

const paraValor = (p: InputProps, v: string | null) =>
  v === null ? null : defDoRef(p.field.ref)?.idKind === 'code' || p.field.type === 'ncm' ? v : Number(v);

export function ReferenciaInput(p: InputProps) {
  const c = comuns(p);
  const [busca, setBusca] = useState('');
  const [aberto, setAberto] = useState(false);
  const ehLoja = p.field.type === 'loja';
  const atual = texto(p.value);
  const rotulos = useRotulos(p.field.ref, atual ? [atual] : []);
  const rotuloAtual = rotulos.get(atual) ?? atual;
  const { data = [], isFetching } = useOpcoes(
    p.field.ref,
    busca === rotuloAtual ? '' : busca,
    (aberto || busca !== '') && !ehLoja,
  );
  const lojas = useOpcoesLoja();
  const base = ehLoja ? lojas : data;
  const opcoes = atual && !base.some((o) => o.value === atual) ? [{ value: atual, label: rotuloAtual }, ...base] : base;
  return (
    <Select
      {...c}
      data={opcoes}
      searchable
      placeholder="Selecionar"
      nothingFoundMessage={isFetching ? 'Buscando…' : 'Nenhum resultado'}
      filter={ehLoja ? undefined : ({ options }) => options}
      clearable={!p.field.required && !c.readOnly}
      rightSection={isFetching ? <Loader size={14} /> : undefined}
      value={atual || null}
      onChange={(v) => p.onChange(paraValor(p, v))}
      searchValue={aberto ? busca : rotuloAtual}
      onSearchChange={setBusca}
      onDropdownOpen={() => {
        setAberto(true);
        setBusca('');
      }}
      onDropdownClose={() => setAberto(false)}
    />
  );
}

export function MultiReferenciaInput(p: InputProps) {
  const c = comuns(p);
  const [busca, setBusca] = useState('');
  const ehLojas = p.field.type === 'lojas';
  const valores = Array.isArray(p.value) ? p.value.map(String) : [];
  const rotulos = useRotulos(p.field.ref, valores);
  const { data = [] } = useOpcoes(p.field.ref, busca, !ehLojas);
  const lojas = useOpcoesLoja();
  const base = ehLojas ? lojas : data;
  const faltam = valores
    .filter((v) => !base.some((o) => o.value === v))
    .map((v) => ({ value: v, label: rotulos.get(v) ?? v }));
  return (
    <MultiSelect
      {...c}
      data={[...faltam, ...base]}
      searchable
      placeholder={valores.length ? undefined : 'Selecionar'}
      nothingFoundMessage="Nenhum resultado"
      filter={ehLojas ? undefined : ({ options }) => options}
      searchValue={busca}
      onSearchChange={setBusca}
      clearable={!c.readOnly}
      value={valores}
      onChange={(v) => p.onChange(v.map((x) => (defDoRef(p.field.ref)?.idKind === 'code' ? x : Number(x))))}
    />
  );
}

export function ReferenciaDisplay({ field, value }: DisplayProps) {
  const ids = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  const rotulos = useRotulos(field.ref, ids);
  // until the label arrives (or without access to the referenced register) the code is shown
  const codigo = (i: unknown) => (field.type === 'ncm' ? formatarNcm(String(i)) : String(i));
  return <>{ids.map((i) => rotulos.get(String(i)) ?? codigo(i)).join(', ')}</>;
}
