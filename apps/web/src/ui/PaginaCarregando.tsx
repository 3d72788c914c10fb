import { Paper, Skeleton, Stack } from '@mantine/core';

const CHAVES = Array.from({ length: 20 }, (_, i) => `linha-${i + 1}`);

/** Loading skeleton page (spec §2.3). */
export function PaginaCarregando({ linhas = 6 }: { linhas?: number }) {
  return (
    <Paper withBorder radius="md" p="lg" aria-busy="true" aria-label="Carregando">
      <Stack gap="sm">
        <Skeleton height={26} width="40%" />
        <Skeleton height={14} width="65%" />
        {CHAVES.slice(0, linhas).map((k) => (
          <Skeleton key={k} height={34} />
        ))}
      </Stack>
    </Paper>
  );
}
