import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';

export function NotificacoesPage() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Title order={1} fz={22} mb="md">
        Notificações
      </Title>
      <Stack align="center" gap="xs" py="lg" c="dimmed">
        <IconBellOff size={36} stroke={1.5} />
        <Text>Nenhuma notificação recente.</Text>
      </Stack>
    </Paper>
  );
}
