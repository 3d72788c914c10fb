/** Quick search, Situação (Todos/Ativos/Inativos) and, for store-bound registers, the stores. */
import { CloseButton, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { RegisterDef } from '@retaguarda/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useContextoCadastros } from '../contexto';
import { SelecaoMultipla } from '../../ui/SelecaoMultipla';
import { campoDe, type EstadoRegistros, type Situacao } from '../consulta';

interface Props {
  def: RegisterDef;
  estado: EstadoRegistros;
  mudar: (p: Partial<EstadoRegistros>) => void;
}

export function textoDaBusca(def: RegisterDef): string {
  // labels keep their case when they are acronyms (CNPJ/CPF, NCM)
  const rotulos = def.list.search
    .map((n) => campoDe(def, n)?.label ?? n)
    .map((r) => (/^[A-ZÀ-Ý]{2}/.test(r) ? r : r.charAt(0).toLowerCase() + r.slice(1)));
  return `Pesquisar por código${rotulos.length ? `, ${rotulos.join(', ')}` : ''}`;
}

export function BarraFiltros({ def, estado, mudar }: Props) {
  const [busca, setBusca] = useState(estado.busca);
  const { lojas } = useContextoCadastros();
  const aplicar = useDebouncedCallback((t: string) => mudar({ busca: t }), 350);
  useEffect(() => setBusca(estado.busca), [estado.busca]);
  const porLoja = !!def.lojaField && campoDe(def, def.lojaField)?.type === 'loja';

  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        size="sm"
        w={{ base: '100%', sm: 360 }}
        leftSection={<IconSearch size={15} />}
        placeholder={textoDaBusca(def)}
        aria-label="Pesquisar"
        // '/' anywhere on the list comes here (app/shell/Atalhos)
        data-atalho-busca
        value={busca}
        onChange={(e) => {
          setBusca(e.currentTarget.value);
          aplicar(e.currentTarget.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') mudar({ busca });
        }}
        rightSection={
          busca ? (
            <CloseButton
              size="sm"
              aria-label="Limpar pesquisa"
              onClick={() => {
                setBusca('');
                mudar({ busca: '' });
              }}
            />
          ) : null
        }
        data-cy="filtro-busca"
      />
      <SegmentedControl
        size="sm"
        value={estado.situacao}
        onChange={(v) => mudar({ situacao: v as Situacao })}
        aria-label="Situação"
        data={[
          { value: 'todos', label: 'Todos' },
          { value: 'ativos', label: 'Ativos' },
          { value: 'inativos', label: 'Inativos' },
        ]}
        data-cy="filtro-situacao"
      />
      {porLoja && (
        <div style={{ width: 300 }}>
          <SelecaoMultipla
            tamanho="sm"
            placeholder="Todas as lojas"
            opcoes={lojas.map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia ?? l.sigla ?? ''}` }))}
            valor={estado.lojas.map(String)}
            aoSalvar={(v) => mudar({ lojas: v.map(Number) })}
            data-cy="filtro-lojas"
          />
        </div>
      )}
    </Group>
  );
}
