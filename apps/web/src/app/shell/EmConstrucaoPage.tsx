import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';

/** The shared page of every route whose screen has not been built yet (shows inside the shell). */
export function EmConstrucaoPage() {
  const { titulo } = useRotaAtual();
  return (
    <Paper withBorder radius="md" p="xl" data-cy="em-construcao">
      <Stack align="center" gap="sm" py="xl" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={34} stroke={1.5} />
        </ThemeIcon>
        <Badge variant="light" size="lg">
          Em construção
        </Badge>
        <Title order={1} fz={24}>
          {titulo}
        </Title>
        <Text c="dimmed" maw={520}>
          Esta tela está sendo preparada e estará disponível em breve. Enquanto isso, use o menu para acessar as outras
          funcionalidades.
        </Text>
      </Stack>
    </Paper>
  );
}
