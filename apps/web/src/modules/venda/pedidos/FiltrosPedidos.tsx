/** The order monitoring's filters: stores, period, channel, stage (list view) and a search. */
import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { CANAIS_PEDIDO, ETAPAS_PEDIDO, ROTULO_CANAL_PEDIDO, ROTULO_ETAPA_PEDIDO } from '@retaguarda/domain';
import { useEffect, useState } from 'react';
import { opcoesDeLojas } from '../../../registers/contexto';
import { useSessao } from '../../../servicos/sessao/store';
import { type FiltroPedidos, useVistaPedidos } from './vista';

export function FiltrosPedidos({ comEtapa }: { comEtapa: boolean }) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const filtro = useVistaPedidos((s) => s.filtro);
  const mudar = useVistaPedidos((s) => s.mudarFiltro);
  // typed texts apply on Enter or leaving the field
  const [textos, setTextos] = useState({ de: filtro.de, ate: filtro.ate, busca: filtro.busca });
  useEffect(() => setTextos({ de: filtro.de, ate: filtro.ate, busca: filtro.busca }), [filtro]);
  const campo = (k: 'de' | 'ate' | 'busca', rotulo: string, w: number, placeholder: string) => (
    <TextInput
      label={rotulo}
      placeholder={placeholder}
      w={w}
      value={textos[k]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setTextos((t) => ({ ...t, [k]: v }));
      }}
      onBlur={() => mudar({ [k]: textos[k] } as Partial<FiltroPedidos>)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') mudar({ [k]: textos[k] } as Partial<FiltroPedidos>);
      }}
      data-cy={`filtro-${k}`}
    />
  );
  return (
    <Group gap="sm" align="flex-end" data-cy="filtros-pedidos">
      <MultiSelect
        label="Lojas"
        placeholder={filtro.lojas.length ? '' : 'Todas as minhas lojas'}
        data={opcoesDeLojas(lojas)}
        value={filtro.lojas}
        onChange={(v) => mudar({ lojas: v })}
        w={260}
        clearable
        searchable
        data-cy="filtro-lojas"
      />
      {campo('de', 'Emitidos de', 130, 'dd/mm/aaaa')}
      {campo('ate', 'Até', 130, 'dd/mm/aaaa')}
      <Select
        label="Canal"
        placeholder="Todos"
        clearable
        w={180}
        data={CANAIS_PEDIDO.map((c) => ({ value: c, label: ROTULO_CANAL_PEDIDO[c] }))}
        value={filtro.canal || null}
        onChange={(v) => mudar({ canal: (v ?? '') as FiltroPedidos['canal'] })}
        data-cy="filtro-canal"
      />
      {comEtapa && (
        <Select
          label="Situação"
          placeholder="Todas"
          clearable
          w={180}
          data={ETAPAS_PEDIDO.map((e) => ({ value: e, label: ROTULO_ETAPA_PEDIDO[e] }))}
          value={filtro.etapa || null}
          onChange={(v) => mudar({ etapa: (v ?? '') as FiltroPedidos['etapa'] })}
          data-cy="filtro-etapa"
        />
      )}
      {campo('busca', 'Pesquisar', 240, 'Número, nº externo ou cliente')}
    </Group>
  );
}
