/**
 * The histórico padrão of "Gerar lançamento" in Conciliar. Its own memoised piece: a click in either list
 * re-renders the screen, and Mantine's searchable Select is among its heaviest parts.
 */
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { listarHistoricos } from '../api';

export const SeletorHistorico = memo(function SeletorHistorico({
  valor,
  aoMudar,
}: {
  valor: string | null;
  aoMudar: (v: string | null) => void;
}) {
  const historicos = useQuery({ queryKey: ['historicos-padrao'], queryFn: listarHistoricos });
  const dados = useMemo(
    () => (historicos.data ?? []).map((h) => ({ value: String(h.id), label: `${h.codigo} - ${h.descricao}` })),
    [historicos.data],
  );
  return (
    <Select
      placeholder="Histórico padrão"
      searchable
      data={dados}
      value={valor}
      onChange={aoMudar}
      w={280}
      data-cy="conc-historico"
    />
  );
});
