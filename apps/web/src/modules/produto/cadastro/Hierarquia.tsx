/**
 * The product's classification as people pick it: the grupos of the chosen seção only, the subgrupos
 * of the chosen grupo only (a grupo of another seção is cleared when the seção changes), and the gênero
 * shown as soon as the NCM is chosen (its first 2 digits; the server stores it on Save).
 */
import { Select, TextInput } from '@mantine/core';
import { emitRsql, rsql } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { listar } from '../../../registers/api';
import { semAcentos } from '../../../registers/fields/municipio';
import { comuns, type InputProps, texto } from '../../../registers/fields/tipos';

function useFilhos(caminho: string, campo: string, pai: unknown) {
  return useQuery({
    queryKey: ['hierarquia-produto', caminho, pai],
    enabled: pai != null && pai !== '',
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const q = emitRsql(rsql.and(rsql.eq(campo, Number(pai)), rsql.eq('ativo', true))) ?? '';
      const p = new URLSearchParams({ q, sort: 'descricao', start: '0', count: '500' });
      return (await listar(caminho, p, signal)).items.map((i) => ({ value: String(i.id), label: String(i.descricao) }));
    },
  });
}

/** Clears the value when the parent changes after the first render (the old child belongs elsewhere). */
function useLimparAoTrocar(pai: unknown, p: InputProps) {
  const anterior = useRef(pai);
  useEffect(() => {
    // null → a value is the record arriving (or the first choice): only a change of a chosen parent clears
    if (anterior.current != null && anterior.current !== pai && p.value != null) p.onChange(null);
    anterior.current = pai;
  }, [pai, p]);
}

function FilhoDe({
  p,
  caminho,
  campoPai,
  rotuloPai,
}: {
  p: InputProps;
  caminho: string;
  campoPai: string;
  rotuloPai: string;
}) {
  const pai = p.valores?.[campoPai];
  useLimparAoTrocar(pai, p);
  const { data = [], isFetching } = useFilhos(caminho, campoPai, pai);
  const c = comuns(p);
  return (
    <Select
      {...c}
      data={data}
      searchable
      filter={semAcentos}
      clearable={!c.readOnly}
      placeholder={pai == null ? `Escolha ${rotuloPai}` : 'Selecionar'}
      nothingFoundMessage={isFetching ? 'Buscando…' : 'Nenhum resultado'}
      disabled={pai == null && !c.readOnly}
      maxDropdownHeight={360}
      comboboxProps={{ withinPortal: true }}
      value={texto(p.value) || null}
      onChange={(v) => p.onChange(v === null ? null : Number(v))}
    />
  );
}

export const GrupoDaSecaoInput = (p: InputProps) => (
  <FilhoDe p={p} caminho="/api/v1/produto/grupos" campoPai="secaoId" rotuloPai="a seção" />
);

export const SubgrupoDoGrupoInput = (p: InputProps) => (
  <FilhoDe p={p} caminho="/api/v1/produto/subgrupos" campoPai="grupoId" rotuloPai="o grupo" />
);

/** Read-only: the gênero of the NCM on screen (saved or just chosen). */
export function GeneroDoNcmInput(p: InputProps) {
  const ncm = texto(p.valores?.ncmId);
  const id = ncm.length >= 2 ? ncm.slice(0, 2) : texto(p.value);
  const { data } = useQuery({
    queryKey: ['genero', id],
    enabled: !!id,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => api<{ id: string; descricao: string }>(`/api/v1/produto/generos/${id}`).catch(() => null),
  });
  return (
    <TextInput
      {...comuns({ ...p, somenteLeitura: true })}
      value={id ? `${id} - ${data?.descricao ?? ''}` : ''}
      readOnly
    />
  );
}
