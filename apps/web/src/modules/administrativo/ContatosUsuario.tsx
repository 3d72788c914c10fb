/** The user's contacts: type, value and an optional description per row. */
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Contato } from './api';

const TIPOS: { value: Contato['tipo']; label: string }[] = [
  { value: 'TELEFONE', label: 'Telefone' },
  { value: 'CELULAR', label: 'Celular' },
  { value: 'WHATSAPP', label: 'WhatsApp' },
  { value: 'EMAIL', label: 'E-mail' },
  { value: 'OUTRO', label: 'Outro' },
];

interface Props {
  contatos: Contato[];
  aoMudar: (c: Contato[]) => void;
  erro?: string;
  desabilitado?: boolean;
}

export function ContatosUsuario({ contatos, aoMudar, erro, desabilitado }: Props) {
  const mudar = (i: number, p: Partial<Contato>) => aoMudar(contatos.map((c, j) => (j === i ? { ...c, ...p } : c)));
  return (
    <fieldset disabled={desabilitado} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Stack gap="xs" data-cy="contatos">
        {contatos.length === 0 && (
          <Text fz="sm" c="dimmed">
            Nenhum contato informado.
          </Text>
        )}
        {contatos.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
          <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
            <Select
              size="sm"
              w={140}
              aria-label="Tipo do contato"
              data={TIPOS}
              value={c.tipo}
              allowDeselect={false}
              onChange={(v) => v && mudar(i, { tipo: v as Contato['tipo'] })}
            />
            <TextInput
              size="sm"
              style={{ flex: 1 }}
              aria-label="Contato"
              placeholder={c.tipo === 'EMAIL' ? 'nome@empresa.com.br' : '(11) 91234-5678'}
              value={c.valor}
              onChange={(e) => mudar(i, { valor: e.currentTarget.value })}
            />
            <TextInput
              size="sm"
              style={{ flex: 1 }}
              aria-label="Descrição do contato"
              placeholder="Descrição (opcional)"
              value={c.descricao ?? ''}
              onChange={(e) => mudar(i, { descricao: e.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label="Remover contato"
              onClick={() => aoMudar(contatos.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {erro && (
          <Text fz="xs" c="red">
            {erro}
          </Text>
        )}
        <Group hidden={desabilitado}>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() => aoMudar([...contatos, { tipo: 'CELULAR', valor: '', descricao: '' }])}
            data-cy="contato-adicionar"
          >
            Adicionar contato
          </Button>
        </Group>
      </Stack>
    </fieldset>
  );
}
