import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { Opcao } from './SelecaoMultipla';
import type { TamanhoSelect } from './tamanhos';

export interface SelecaoPesquisavelProps {
  /** Local options; or `buscar` for server-side search over large lists. */
  opcoes?: readonly Opcao[];
  buscar?: (texto: string) => Promise<Opcao[]>;
  valor: string | null;
  /** The label of the current value when it comes from the server. */
  rotuloValor?: string;
  aoMudar: (valor: string | null, opcao?: Opcao) => void;
  label?: string;
  placeholder?: string;
  tamanhoPagina?: number;
  tamanho?: TamanhoSelect;
  erro?: string | null;
  desabilitado?: boolean;
  'data-cy'?: string;
}

export const TEXTO_NENHUM_RESULTADO = 'Nenhum resultado';
export const TEXTO_MOSTRAR_MAIS = 'Mostrar mais';

const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Searchable select (spec §2.3): 'Nenhum resultado', placeholder 'Selecionar', 'Mostrar mais', pages of 5 by
 * default; the app's screens pass 15 (daily users asked to see more at once).
 */
export function SelecaoPesquisavel({
  opcoes = [],
  buscar,
  valor,
  rotuloValor,
  aoMudar,
  label,
  placeholder = 'Selecionar',
  tamanhoPagina = 5,
  tamanho = 'md',
  erro,
  desabilitado,
  ...rest
}: SelecaoPesquisavelProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const atual = opcoes.find((o) => o.value === valor)?.label ?? rotuloValor ?? '';
  const [texto, setTexto] = useState(atual);
  const [paginas, setPaginas] = useState(1);
  const [remotas, setRemotas] = useState<Opcao[]>([]);
  const [carregando, setCarregando] = useState(false);
  const [termo] = useDebouncedValue(texto, 250);

  useEffect(() => setTexto(atual), [atual]);
  useEffect(() => {
    if (!buscar || !combobox.dropdownOpened) return;
    let vivo = true;
    setCarregando(true);
    buscar(termo === atual ? '' : termo)
      .then((r) => vivo && setRemotas(r))
      .catch(() => vivo && setRemotas([]))
      .finally(() => vivo && setCarregando(false));
    return () => {
      vivo = false;
    };
  }, [buscar, termo, atual, combobox.dropdownOpened]);

  const base = buscar ? remotas : opcoes;
  const filtro = texto === atual ? '' : normalizar(texto.trim());
  const filtradas = buscar || !filtro ? base : base.filter((o) => normalizar(o.label).includes(filtro));
  const visiveis = filtradas.slice(0, paginas * tamanhoPagina);
  // what is typed highlights the first option shown (also when the server's answer comes later): Enter picks it
  const primeira = visiveis[0]?.value;
  const aberto = combobox.dropdownOpened;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is a new object every render
  useEffect(() => {
    if (aberto && filtro && primeira !== undefined) combobox.selectFirstOption();
  }, [aberto, filtro, primeira]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => {
        if (v === '__mais__') {
          setPaginas((p) => p + 1);
          return;
        }
        const o = base.find((x) => x.value === v);
        aoMudar(v, o);
        setTexto(o?.label ?? '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          size={tamanho}
          error={erro || undefined}
          disabled={desabilitado}
          placeholder={placeholder}
          value={texto}
          rightSection={carregando ? <Loader size={14} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          data-cy={rest['data-cy']}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setPaginas(1);
            combobox.openDropdown();
            if (!e.currentTarget.value) aoMudar(null);
          }}
          onClick={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setTexto(atual);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={340} style={{ overflowY: 'auto' }}>
          {visiveis.map((o) => (
            <Combobox.Option value={o.value} key={o.value} active={o.value === valor}>
              {o.label}
            </Combobox.Option>
          ))}
          {visiveis.length === 0 && !carregando && <Combobox.Empty>{TEXTO_NENHUM_RESULTADO}</Combobox.Empty>}
          {filtradas.length > visiveis.length && (
            <Combobox.Option value="__mais__" c="marca.7" fw={600}>
              {TEXTO_MOSTRAR_MAIS}
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
