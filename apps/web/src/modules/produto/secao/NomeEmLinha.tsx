/**
 * One name typed in place (a new grupo, a rename): Enter saves, Esc cancels (a rename) or clears the
 * text (a new one), and the server's refusal shows under the input. It lives inside the seção's form,
 * so its keys never reach the form: Enter does not walk to the next field, Esc does not leave.
 */
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { toast } from '../../../lib/toasts';
import { toastDeErro } from '../../../lib/erros';
import { ENTIDADE, erroDoNome } from './hierarquia-da-secao';

interface Props {
  /** the input's accessible name ("Novo grupo", "Novo nome do grupo Colônias") */
  rotulo: string;
  inicial?: string;
  placeholder?: string;
  /** saves the trimmed name; a rejection (the API error) shows under the input */
  aoSalvar: (nome: string) => Promise<void>;
  /** a rename: Esc and the cancel button leave the edit */
  aoCancelar?: () => void;
  /** a new row: the visible button beside the input ("Adicionar grupo") */
  textoBotao?: string;
  autoFocus?: boolean;
  dataCy?: string;
}

export function NomeEmLinha({
  rotulo,
  inicial = '',
  placeholder,
  aoSalvar,
  aoCancelar,
  textoBotao,
  autoFocus,
  dataCy,
}: Props) {
  const [valor, setValor] = useState(inicial);
  const [erro, setErro] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);

  async function salvar() {
    const nome = valor.trim();
    if (aoCancelar && nome === inicial.trim()) return aoCancelar();
    if (!nome) return setErro('Informe a descrição.');
    setSalvando(true);
    try {
      await aoSalvar(nome);
      setErro(null);
      if (!aoCancelar) setValor('');
    } catch (e) {
      const msg = erroDoNome(e);
      if (msg) setErro(msg);
      else toast(toastDeErro(e, { entidade: ENTIDADE }));
    } finally {
      setSalvando(false);
    }
  }

  const tecla = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!salvando) void salvar();
    } else if (e.key === 'Escape' && (aoCancelar || valor)) {
      e.preventDefault();
      setErro(null);
      if (aoCancelar) aoCancelar();
      else setValor('');
    }
  };

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" style={{ flex: 1 }}>
      <TextInput
        aria-label={rotulo}
        placeholder={placeholder}
        value={valor}
        onChange={(e) => {
          setValor(e.currentTarget.value);
          if (erro) setErro(null);
        }}
        onKeyDown={tecla}
        error={erro}
        autoFocus={autoFocus}
        size="xs"
        maw={360}
        style={{ flex: 1 }}
        // the form's Enter walk skips it (ui/useEnterAvanca): here Enter saves this name
        data-enter-proprio
        data-cy={dataCy}
      />
      {textoBotao ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={salvar}
          loading={salvando}
          data-cy={dataCy ? `${dataCy}-adicionar` : undefined}
        >
          {textoBotao}
        </Button>
      ) : (
        <>
          <ActionIcon variant="light" size="md" aria-label="Salvar nome" onClick={salvar} loading={salvando}>
            <IconCheck size={14} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" size="md" aria-label="Cancelar" onClick={aoCancelar}>
            <IconX size={14} />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
