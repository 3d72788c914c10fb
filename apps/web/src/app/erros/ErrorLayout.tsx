import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ErrorLayoutProps {
  titulo: string;
  subtitulo?: ReactNode;
  detalhe?: string;
  codigo?: string;
  icone?: ReactNode;
  botaoInicio?: boolean;
  acao?: { rotulo: string; aoClicar: () => void };
  /** Partial: inside the shell's content area instead of the whole window. */
  parcial?: boolean;
}

/** The generic error layout (spec §2.3): title, subtitle, detail and an optional go-home button. */
export function ErrorLayout({
  titulo,
  subtitulo,
  detalhe,
  codigo,
  icone,
  botaoInicio,
  acao,
  parcial,
}: ErrorLayoutProps) {
  return (
    <Center mih={parcial ? 360 : '100vh'} p="xl" component="main">
      <Stack align="center" gap="md" maw={560} ta="center">
        {icone && (
          <ThemeIcon size={72} radius="xl" variant="light">
            {icone}
          </ThemeIcon>
        )}
        {codigo && (
          <Text fz={64} fw={800} c="marca.6" lh={1} aria-hidden>
            {codigo}
          </Text>
        )}
        <Title order={1} fz={parcial ? 22 : 26}>
          {titulo}
        </Title>
        {subtitulo && (
          <Text c="dimmed" fz="md">
            {subtitulo}
          </Text>
        )}
        {detalhe && (
          <Code block fz="xs" maw="100%">
            {detalhe}
          </Code>
        )}
        {(botaoInicio || acao) && (
          <Group justify="center" mt="sm">
            {acao && (
              <Button variant="default" onClick={acao.aoClicar}>
                {acao.rotulo}
              </Button>
            )}
            {botaoInicio && (
              <Button component={Link} to="/">
                Ir para a página inicial
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Center>
  );
}
