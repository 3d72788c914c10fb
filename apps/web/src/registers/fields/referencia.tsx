/**
 * References (spec §2.3 searchable select): server-side search over the referenced register, sorted by
 * name, 'Selecionar' / 'Nenhum resultado'; stores are the signed-in user's. The search asks the spec's
 * page of 5 and, when it comes back full, the next 10 at once: daily users see up to 15 options.
 */
import { Loader, MultiSelect, Select } from '@mantine/core';
import { CAMPOS_DO_ROTULO, emitRsql, formatarNcm, type RegisterDef, rsql } from '@retaguarda/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { caminhoApi, listar } from '../api';
import { rsqlDaBusca } from '../consulta';
import { opcoesDeLojas, useContextoCadastros } from '../contexto';
import { defDoRef, rotuloDe, useRotulos } from './rotulos';
import { comuns, type DisplayProps, type InputProps, texto } from './tipos';

/** The searchable select's page size (spec §2.3 default). */
export const TAMANHO_PAGINA_BUSCA = 5;
/** How many options a picker shows at most (the first page and the next ones, fetched together). */
export const OPCOES_MOSTRADAS = 15;

/** Options come sorted by the name the label shows (descrição, fantasia…); codes (NCM) by code. */
export function ordemDasOpcoes(def: RegisterDef): string {
  if (def.key === 'ncm') return def.list.defaultSort;
  const nome = CAMPOS_DO_ROTULO.find((n) => def.fields.some((f) => f.name === n && !f.hidden));
  return nome ?? def.list.defaultSort;
}

/**
 * Where a reference is searched: the lookup path the spec names for picking it (an `itemsOnly` path:
 * GET /api/v1/holdings answers {items}, spec §7) when the register has one, else its list.
 */
export function caminhoDeBusca(def: RegisterDef): string {
  const consulta = def.paths.find((p) => p.itemsOnly);
  return consulta ? `/api${consulta.path}` : caminhoApi(def);
}

function useOpcoes(ref: string | undefined, busca: string, habilitado: boolean) {
  const def = defDoRef(ref);
  const [termo] = useDebouncedValue(busca, 250);
  return useQuery({
    queryKey: ['opcoes', ref, termo],
    enabled: !!def && habilitado,
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      if (!def) return [];
      const q = emitRsql(
        rsql.and(
          rsqlDaBusca(def, termo.replace(/^\d+ - /, '')),
          def.fields.some((f) => f.name === 'ativo') && rsql.eq('ativo', true),
          // only 8-digit NCMs in force can go on an invoice (SEFAZ rejection 778): headings are not offered
          def.key === 'ncm' && rsql.eq('vigente', true),
        ),
      );
      const pagina = async (start: number, count: number) => {
        const p = new URLSearchParams({ start: String(start), count: String(count), sort: ordemDasOpcoes(def) });
        if (q) p.set('q', q);
        return (await listar(caminhoDeBusca(def), p, signal)).items;
      };
      const primeira = await pagina(0, TAMANHO_PAGINA_BUSCA);
      // a lookup that answers every item ({items} without paging) already brought more than one page
      const resto =
        primeira.length === TAMANHO_PAGINA_BUSCA
          ? await pagina(TAMANHO_PAGINA_BUSCA, OPCOES_MOSTRADAS - TAMANHO_PAGINA_BUSCA)
          : [];
      const vistos = new Set<string>();
      return [...primeira, ...resto]
        .map((i) => ({ value: String(i.id), label: rotuloDe(def, i) }))
        .filter((o) => !vistos.has(o.value) && vistos.add(o.value))
        .slice(0, OPCOES_MOSTRADAS);
    },
  });
}

function useOpcoesLoja() {
  const { lojas } = useContextoCadastros();
  return opcoesDeLojas(lojas);
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
      maxDropdownHeight={360}
      placeholder="Selecionar"
      nothingFoundMessage={isFetching ? 'Buscando…' : 'Nenhum resultado'}
      filter={ehLoja ? undefined : ({ options }) => options}
      clearable={!p.field.required && !c.readOnly}
      rightSection={isFetching ? <Loader size={14} /> : undefined}
      value={atual || null}
      onChange={(v) => p.onChange(paraValor(p, v))}
      searchValue={aberto ? busca : rotuloAtual}
      onSearchChange={setBusca}
      // the list opens on the first keystroke too: that keystroke is the search, never cleared on opening
      onDropdownOpen={() => setAberto(true)}
      onDropdownClose={() => {
        setAberto(false);
        setBusca('');
      }}
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
