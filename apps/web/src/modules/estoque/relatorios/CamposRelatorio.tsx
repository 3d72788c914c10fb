/**
 * Pieces both stock report forms share: the store, section, brand and supplier multi-selects (empty
 * means no filter; stores: every store of the user), a dd/MM/yyyy date field and the 'Gerar PDF' /
 * 'Gerar Excel' buttons (the header's list shows the progress, the bell's notice opens the viewer).
 */
import { Button, Group, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useSessao } from '../../../servicos/sessao/store';
import { SelecaoMultipla } from '../../../ui/SelecaoMultipla';
import { opcoesDosRelatorios } from './api';
import { opcoesDeLojas } from '../../../registers/contexto';

export interface ValoresComuns {
  lojas: string[];
  secoes: string[];
  marcas: string[];
  fornecedores: string[];
}

export const COMUNS_VAZIOS: ValoresComuns = { lojas: [], secoes: [], marcas: [], fornecedores: [] };

interface PropsComuns {
  valores: ValoresComuns;
  mudar: (v: Partial<ValoresComuns>) => void;
  erros: Record<string, string>;
}

export function FiltrosDeLojaEProduto({ valores, mudar, erros }: PropsComuns) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const opcoes = useQuery({ queryKey: ['relatorios-estoque-opcoes'], queryFn: opcoesDosRelatorios, staleTime: 60_000 });
  const deOpcoes = (l?: { id: number; descricao: string }[]) =>
    (l ?? []).map((o) => ({ value: String(o.id), label: o.descricao }));
  return (
    <>
      <SelecaoMultipla
        label="Lojas"
        placeholder="Todas as suas lojas"
        opcoes={opcoesDeLojas(lojas)}
        valor={valores.lojas}
        aoSalvar={(v) => mudar({ lojas: v })}
        erro={erros.lojas}
        data-cy="filtro-lojas"
      />
      <SelecaoMultipla
        label="Seções"
        placeholder="Todas"
        opcoes={deOpcoes(opcoes.data?.secoes)}
        valor={valores.secoes}
        aoSalvar={(v) => mudar({ secoes: v })}
        erro={erros.secoes}
        data-cy="filtro-secoes"
      />
      <SelecaoMultipla
        label="Marcas"
        placeholder="Todas"
        opcoes={deOpcoes(opcoes.data?.marcas)}
        valor={valores.marcas}
        aoSalvar={(v) => mudar({ marcas: v })}
        erro={erros.marcas}
        data-cy="filtro-marcas"
      />
      <SelecaoMultipla
        label="Fornecedores"
        placeholder="Todos"
        opcoes={deOpcoes(opcoes.data?.fornecedores)}
        valor={valores.fornecedores}
        aoSalvar={(v) => mudar({ fornecedores: v })}
        erro={erros.fornecedores}
        data-cy="filtro-fornecedores"
      />
    </>
  );
}

export function CampoData(p: {
  label: string;
  valor: string;
  mudar: (v: string) => void;
  erro?: string;
  'data-cy': string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextInput
      ref={p.ref}
      label={p.label}
      required
      placeholder="dd/mm/aaaa"
      inputMode="numeric"
      maxLength={10}
      value={p.valor}
      onChange={(e) => p.mudar(e.currentTarget.value)}
      error={p.erro}
      data-cy={p['data-cy']}
    />
  );
}

export function BotoesGerar({ gerar, enviando }: { gerar: (formato: 'PDF' | 'XLSX') => void; enviando: boolean }) {
  return (
    <Group gap="sm">
      <Button
        type="submit"
        leftSection={<IconPrinter size={16} />}
        loading={enviando}
        onClick={(e) => {
          e.preventDefault();
          gerar('PDF');
        }}
        data-cy="gerar-pdf"
      >
        Gerar PDF
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={enviando}
        onClick={() => gerar('XLSX')}
        data-cy="gerar-excel"
      >
        Gerar Excel
      </Button>
    </Group>
  );
}
