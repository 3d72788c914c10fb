/** The dashboard's filter: a period preset or chosen store-local days (dd/MM/yyyy), and the stores. */
import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { lerDataBr, PERIODOS_PADRAO, ROTULO_PERIODO } from '@retaguarda/domain';
import { opcoesDeLojas } from '../../../registers/contexto';
import { useSessao } from '../../../servicos/sessao/store';
import { SelecaoMultipla } from '../../../ui/SelecaoMultipla';

export interface ValorFiltro {
  /** a preset, or 'PERSONALIZADO' with inicio/fim */
  periodo: string;
  inicio: string | null;
  fim: string | null;
  lojas: string[];
}

const OPCOES = [
  ...PERIODOS_PADRAO.map((p) => ({ value: p, label: ROTULO_PERIODO[p] })),
  { value: 'PERSONALIZADO', label: 'Personalizado' },
];

const data = (label: string, valor: string | null, mudar: (v: string | null) => void, cy: string) => (
  <DateInput
    label={label}
    locale="pt-br"
    valueFormat="DD/MM/YYYY"
    placeholder="dd/mm/aaaa"
    dateParser={lerDataBr}
    value={valor}
    onChange={(d) => mudar(d ? String(d).slice(0, 10) : null)}
    w={150}
    data-cy={cy}
  />
);

export function FiltroDashboard({ valor, mudar }: { valor: ValorFiltro; mudar: (v: ValorFiltro) => void }) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Período"
        data={OPCOES}
        value={valor.periodo}
        onChange={(p) => p && mudar({ ...valor, periodo: p })}
        allowDeselect={false}
        w={190}
        data-cy="filtro-periodo"
      />
      {valor.periodo === 'PERSONALIZADO' && (
        <>
          {data('De', valor.inicio, (inicio) => mudar({ ...valor, inicio }), 'filtro-inicio')}
          {data('Até', valor.fim, (fim) => mudar({ ...valor, fim }), 'filtro-fim')}
        </>
      )}
      <div style={{ minWidth: 240 }}>
        <SelecaoMultipla
          label="Lojas"
          tamanho="sm"
          placeholder="Padrão do dashboard"
          opcoes={opcoesDeLojas(lojas)}
          valor={valor.lojas}
          aoSalvar={(l) => mudar({ ...valor, lojas: l })}
          data-cy="filtro-lojas"
        />
      </div>
    </Group>
  );
}
