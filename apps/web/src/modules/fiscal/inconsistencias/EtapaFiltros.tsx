/** Wizard step 1: the type and the filters (lojas, seção, marca, fornecedor); Avançar creates the lot. */
import { Button, Grid, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import {
  type EntradaCriarLote,
  type OpcaoDeFiltro,
  ROTULO_TIPO,
  TIPOS_LOTE,
  type TipoInconsistencia,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessao } from '../../../servicos/sessao/store';
import { opcoesDeFiltro } from './api';
import { opcoesDeLojas } from '../../../registers/contexto';

const dados = (o: OpcaoDeFiltro[] | undefined) => (o ?? []).map((x) => ({ value: String(x.id), label: x.descricao }));
const num = (v: string | null) => (v ? Number(v) : null);

export function EtapaFiltros({
  salvando,
  aoAvancar,
  aoVoltar,
  tipoInicial,
}: {
  salvando: boolean;
  aoAvancar: (e: EntradaCriarLote) => void;
  aoVoltar: () => void;
  tipoInicial?: TipoInconsistencia;
}) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario) ?? [];
  const [descricao, setDescricao] = useState('');
  const [tipo, setTipo] = useState<string | null>(tipoInicial ?? null);
  const [lojasSel, setLojas] = useState<string[]>([]);
  const [secao, setSecao] = useState<string | null>(null);
  const [marca, setMarca] = useState<string | null>(null);
  const [fornecedor, setFornecedor] = useState<string | null>(null);
  const opcoes = useQuery({ queryKey: ['lote-filtros'], queryFn: opcoesDeFiltro });
  const pronto = descricao.trim() && tipo;
  const avancar = () =>
    pronto &&
    aoAvancar({
      descricao: descricao.trim(),
      tipoInconsistencia: tipo as TipoInconsistencia,
      filtros: { lojas: lojasSel.map(Number), secaoId: num(secao), marcaId: num(marca), fornecedorId: num(fornecedor) },
    });

  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(ev) => {
        ev.preventDefault();
        avancar();
      }}
      onKeyDown={(ev) => ev.key === 'Escape' && aoVoltar()}
    >
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput
            label="Descrição"
            required
            autoFocus
            maxLength={120}
            value={descricao}
            onChange={(e) => setDescricao(e.currentTarget.value)}
            data-cy="lote-descricao"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Select
            label="Tipo de inconsistência"
            required
            data={TIPOS_LOTE.map((t) => ({ value: t, label: ROTULO_TIPO[t] }))}
            value={tipo}
            onChange={setTipo}
            searchable
            data-cy="lote-tipo"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <MultiSelect
            label="Lojas"
            placeholder={lojasSel.length ? undefined : 'Todas'}
            data={opcoesDeLojas(lojas)}
            value={lojasSel}
            onChange={setLojas}
            searchable
            data-cy="lote-lojas"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Select
            label="Seção"
            data={dados(opcoes.data?.secoes)}
            value={secao}
            onChange={setSecao}
            clearable
            searchable
            data-cy="lote-secao"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Select
            label="Marca"
            data={dados(opcoes.data?.marcas)}
            value={marca}
            onChange={setMarca}
            clearable
            searchable
            data-cy="lote-marca"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Select
            label="Fornecedor"
            data={dados(opcoes.data?.fornecedores)}
            value={fornecedor}
            onChange={setFornecedor}
            clearable
            searchable
            data-cy="lote-fornecedor"
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button variant="default" onClick={aoVoltar}>
          Voltar
        </Button>
        <Button type="submit" disabled={!pronto} loading={salvando} data-cy="lote-avancar">
          Avançar
        </Button>
      </Group>
    </Stack>
  );
}
