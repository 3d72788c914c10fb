/** The store and period filters of the sales-upload inconsistency screens (store-local business dates). */
import { Group, Select } from '@mantine/core';
import { rotuloLoja } from '../../registers/contexto';
import { useSessao } from '../../servicos/sessao/store';
import { CampoDataBr } from '../../ui/CampoDataBr';
import type { FiltroSubida } from './subida-vendas.api';

export function FiltroSubidaVendas({ filtro, mudar }: { filtro: FiltroSubida; mudar: (f: FiltroSubida) => void }) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario) ?? [];
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="Loja"
        placeholder="Todas as lojas"
        clearable
        data={lojas.map((l) => ({ value: String(l.id), label: rotuloLoja(l) }))}
        value={filtro.lojaId ? String(filtro.lojaId) : null}
        onChange={(v) => mudar({ ...filtro, lojaId: v ? Number(v) : null })}
        data-cy="filtro-loja"
        w={260}
      />
      <CampoDataBr
        label="De"
        valor={filtro.dataInicio ?? ''}
        mudar={(iso) => mudar({ ...filtro, dataInicio: iso || null })}
        w={130}
        data-cy="filtro-data-inicio"
      />
      <CampoDataBr
        label="Até"
        valor={filtro.dataFim ?? ''}
        mudar={(iso) => mudar({ ...filtro, dataFim: iso || null })}
        w={130}
        data-cy="filtro-data-fim"
      />
    </Group>
  );
}
