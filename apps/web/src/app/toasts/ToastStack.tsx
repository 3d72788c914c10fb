import { Anchor, Box, Button, CloseButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { TOAST_REASONS_SHOWN } from '@retaguarda/domain';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Toast, type ToastTipo, useToasts } from '../../lib/toasts';
import classes from './ToastStack.module.css';

const COR: Record<ToastTipo, string> = { success: 'green', error: 'red', warning: 'orange', info: 'blue' };
const ICONE: Record<ToastTipo, typeof IconInfoCircle> = {
  success: IconCircleCheck,
  error: IconCircleX,
  warning: IconAlertTriangle,
  info: IconInfoCircle,
};

export function ToastCard({ toast, aoFechar }: { toast: Toast; aoFechar: () => void }) {
  const [todas, setTodas] = useState(false);
  const Icone = ICONE[toast.type];
  const razoes = toast.reasons ?? [];
  const visiveis = todas ? razoes : razoes.slice(0, TOAST_REASONS_SHOWN);
  const corpo = toast.variante === 'card' ? (toast.bodyText ?? toast.message) : toast.message;
  return (
    <Paper
      className={classes.toast}
      data-tipo={toast.type}
      shadow="md"
      radius="md"
      withBorder
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-cy="toast"
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon color={COR[toast.type]} variant="light" radius="xl" size={30}>
          <Icone size={18} />
        </ThemeIcon>
        <Box className={classes.texto}>
          {toast.title && (
            <Text fw={600} fz="sm" data-cy="toast-titulo">
              {toast.title}
            </Text>
          )}
          {corpo && (
            <Text fz="sm" c="dimmed" className={classes.corpo} data-cy="toast-mensagem">
              {corpo}
            </Text>
          )}
          {visiveis.length > 0 && (
            <ul className={classes.razoes}>
              {visiveis.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
          {!todas && razoes.length > TOAST_REASONS_SHOWN && (
            <Anchor component="button" type="button" fz="sm" onClick={() => setTodas(true)}>
              Ver mais
            </Anchor>
          )}
          {toast.footerLink && (
            <Anchor component={Link} to={toast.footerLink.name} fz="sm" display="block" mt={4}>
              {toast.footerLink.label}
            </Anchor>
          )}
          {!toast.sideLink && (
            <Group justify="flex-end" mt={6}>
              <Button size="compact-xs" variant="subtle" onClick={aoFechar}>
                Ok
              </Button>
            </Group>
          )}
        </Box>
        {toast.sideLink ? (
          <Anchor
            component={Link}
            to={toast.sideLink.name}
            fz="sm"
            fw={600}
            className={classes.lateral}
            onClick={aoFechar}
          >
            {toast.sideLink.label}
          </Anchor>
        ) : (
          <CloseButton size="sm" aria-label="Fechar" onClick={aoFechar} />
        )}
      </Group>
    </Paper>
  );
}

/** Top-right stack (spec §3). */
export function ToastStack() {
  const toasts = useToasts((s) => s.toasts);
  const fechar = useToasts((s) => s.fechar);
  return (
    <Stack className={classes.pilha} gap="xs" aria-live="polite">
      {toasts.map((t) => (
        <ToastCard key={t.id} toast={t} aoFechar={() => fechar(t.id)} />
      ))}
    </Stack>
  );
}
