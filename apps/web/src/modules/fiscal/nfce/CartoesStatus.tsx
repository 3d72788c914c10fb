/** The status cards (spec: counts under the same filter); a click filters the grid by that status. */
import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { type CartoesNfce, type StatusNfce, TABELA_STATUS_NFCE } from '@retaguarda/domain';
import { formatarDinheiro } from '../../../lib/formato';

export function CartoesStatus({
  cartoes,
  selecionado,
  aoEscolher,
}: {
  cartoes: CartoesNfce['items'] | undefined;
  selecionado: StatusNfce | null;
  aoEscolher: (s: StatusNfce | null) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs" data-cy="cartoes-status">
      {(cartoes ?? []).map((c) => {
        const linha = TABELA_STATUS_NFCE[c.status];
        const ativo = selecionado === c.status;
        return (
          <UnstyledButton
            key={c.status}
            onClick={() => aoEscolher(ativo ? null : c.status)}
            aria-pressed={ativo}
            title={linha.descricao}
            data-cy={`cartao-${c.status}`}
            style={{
              border: `1px solid var(--mantine-color-${linha.cor}-${ativo ? 6 : 3})`,
              background: ativo ? `var(--mantine-color-${linha.cor}-0)` : undefined,
              borderLeftWidth: 4,
              borderRadius: 6,
              padding: '8px 10px',
            }}
          >
            <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
              {linha.rotulo}
            </Text>
            <Text
              fz={22}
              fw={700}
              lh={1.2}
              c={c.quantidade && c.status === 'REJEITADA' ? 'red.8' : undefined}
              data-cy="cartao-quantidade"
            >
              {c.quantidade.toLocaleString('pt-BR')}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatarDinheiro(c.valor)}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
