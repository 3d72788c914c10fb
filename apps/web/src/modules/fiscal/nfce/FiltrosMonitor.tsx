/**
 * The monitor's filters (spec §3): stores, period (store-local days), status, search type (normal / faixa),
 * PDV, caixas, chave, rejection reasons (the codes present) and the number range. Edited as a draft and
 * applied by "Pesquisar" or Enter, so typing a chave or a number does not query at each key.
 */
import { Button, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import {
  type FiltroNotasInvalidas,
  type MotivoRejeicaoNfce,
  type OpcoesMonitorNfce,
  STATUS_NFCE,
  type StatusNfce,
  type TipoPesquisaNota,
} from '@retaguarda/domain';
import { IconSearch } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { rotuloLoja } from '../../../registers/contexto';
import { useSessao } from '../../../servicos/sessao/store';
import { CampoDataBr } from '../../../ui/CampoDataBr';
import { SelecaoMultipla } from '../../../ui/SelecaoMultipla';
import { STATUS_SINGULAR } from './formato-nfce';

interface Props {
  rascunho: FiltroNotasInvalidas;
  mudar: (f: FiltroNotasInvalidas) => void;
  aplicar: (f?: FiltroNotasInvalidas) => void;
  opcoes: OpcoesMonitorNfce | undefined;
  motivos: MotivoRejeicaoNfce[];
}

const numero = (v: string) => (/^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : null);

export function FiltrosMonitor({ rascunho: f, mudar, aplicar, opcoes, motivos }: Props) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario) ?? [];
  const sigla = (id: number) => lojas.find((l) => l.id === id)?.sigla ?? String(id);
  const enter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') aplicar();
  };
  // a list filter applies at once (the multi-select saves when it closes)
  const mudarEAplicar = (novo: FiltroNotasInvalidas) => {
    mudar(novo);
    aplicar(novo);
  };
  const pdvs = (opcoes?.pdvs ?? []).filter((p) => !f.lojas.length || f.lojas.includes(p.lojaId));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-cy="filtros-monitor">
      <SelecaoMultipla
        label="Lojas"
        placeholder="Todas as lojas"
        opcoes={lojas.map((l) => ({ value: String(l.id), label: rotuloLoja(l) }))}
        valor={f.lojas.map(String)}
        aoSalvar={(v) => mudarEAplicar({ ...f, lojas: v.map(Number) })}
        data-cy="filtro-lojas"
      />
      <CampoDataBr
        label="De"
        valor={f.data.inicio}
        mudar={(inicio) => mudar({ ...f, data: { ...f.data, inicio } })}
        onKeyDown={enter}
        w={130}
        data-cy="filtro-data-inicio"
      />
      <CampoDataBr
        label="Até"
        valor={f.data.fim}
        mudar={(fim) => mudar({ ...f, data: { ...f.data, fim } })}
        onKeyDown={enter}
        w={130}
        data-cy="filtro-data-fim"
      />
      <Select
        label="Status"
        data={[{ value: '', label: 'Todos' }, ...STATUS_NFCE.map((s) => ({ value: s, label: STATUS_SINGULAR[s] }))]}
        value={f.status ?? ''}
        onChange={(v) => mudarEAplicar({ ...f, status: (v || null) as StatusNfce | null })}
        disabled={f.tipoPesquisaNota === 'faixa'}
        allowDeselect={false}
        w={150}
        data-cy="filtro-status"
      />
      <div>
        <SegmentedControl
          aria-label="Tipo de pesquisa"
          data={[
            { value: 'normal', label: 'Notas' },
            { value: 'faixa', label: 'Faixa (lacunas)' },
          ]}
          value={f.tipoPesquisaNota}
          onChange={(v) => mudarEAplicar({ ...f, tipoPesquisaNota: v as TipoPesquisaNota })}
          data-cy="filtro-tipo-pesquisa"
        />
      </div>
      <SelecaoMultipla
        label="PDV"
        placeholder="Todos"
        opcoes={pdvs.map((p) => ({
          value: String(p.id),
          label: `${sigla(p.lojaId)} · ${p.nome} (caixa ${p.numeroCaixa})`,
        }))}
        valor={f.frenteDeLoja.map(String)}
        aoSalvar={(v) => mudarEAplicar({ ...f, frenteDeLoja: v.map(Number) })}
        data-cy="filtro-pdv"
      />
      <SelecaoMultipla
        label="Caixas"
        placeholder="Todos"
        opcoes={(opcoes?.caixas ?? []).map((c) => ({ value: String(c), label: `Caixa ${c}` }))}
        valor={f.caixas.map(String)}
        aoSalvar={(v) => mudarEAplicar({ ...f, caixas: v.map(Number) })}
        data-cy="filtro-caixas"
      />
      <SelecaoMultipla
        label="Motivos de rejeição"
        placeholder="Todos"
        opcoes={motivos.map((m) => ({
          value: String(m.codigo),
          label: `${m.codigo} – ${m.descricao} (${m.quantidade})`,
        }))}
        valor={f.motivosRejeicao.map((m) => String(m.codigo))}
        aoSalvar={(v) => mudarEAplicar({ ...f, motivosRejeicao: v.map((codigo) => ({ codigo: Number(codigo) })) })}
        desabilitado={f.tipoPesquisaNota === 'faixa'}
        data-cy="filtro-motivos"
      />
      <TextInput
        label="Chave NFC-e"
        placeholder="44 dígitos ou parte"
        value={f.chaveNfce ?? ''}
        onChange={(e) => mudar({ ...f, chaveNfce: e.currentTarget.value || null })}
        onKeyDown={enter}
        w={260}
        data-cy="filtro-chave"
      />
      <TextInput
        label="Número de"
        inputMode="numeric"
        value={f.numeroDocumentoMinimo ?? ''}
        onChange={(e) => mudar({ ...f, numeroDocumentoMinimo: numero(e.currentTarget.value) })}
        onKeyDown={enter}
        w={110}
        data-cy="filtro-numero-minimo"
      />
      <TextInput
        label="até"
        inputMode="numeric"
        value={f.numeroDocumentoMaximo ?? ''}
        onChange={(e) => mudar({ ...f, numeroDocumentoMaximo: numero(e.currentTarget.value) })}
        onKeyDown={enter}
        w={110}
        data-cy="filtro-numero-maximo"
      />
      <Button leftSection={<IconSearch size={16} />} onClick={() => aplicar()} data-cy="pesquisar">
        Pesquisar
      </Button>
    </Group>
  );
}
