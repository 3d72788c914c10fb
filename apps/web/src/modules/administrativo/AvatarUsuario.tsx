/** The user's photo: shown back from the server, replaced by an upload (PNG, JPEG or WebP, ≤ 2 MB). */
import { Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toasts';
import { toastDeErro } from '../../lib/erros';
import { baixarAvatar, enviarAvatar } from './api';

const TIPOS = 'image/png,image/jpeg,image/webp';
const MAX_BYTES = 2 * 1024 * 1024;

function useImagem(uuid: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!uuid) {
      setUrl(null);
      return;
    }
    const ctrl = new AbortController();
    let criada: string | null = null;
    baixarAvatar(uuid, ctrl.signal)
      .then((b) => {
        criada = URL.createObjectURL(b);
        setUrl(criada);
      })
      .catch(() => setUrl(null));
    return () => {
      ctrl.abort();
      if (criada) URL.revokeObjectURL(criada);
    };
  }, [uuid]);
  return url;
}

interface Props {
  uuid: string | null;
  /** The uuid saved on the user: a new upload creates another, so cancelling keeps the old photo. */
  uuidSalvo: string | null;
  nome: string;
  aoMudar: (uuid: string) => void;
  desabilitado?: boolean;
  erro?: string;
}

export function AvatarUsuario({ uuid, uuidSalvo, nome, aoMudar, desabilitado, erro }: Props) {
  const imagem = useImagem(uuid);
  const [enviando, setEnviando] = useState(false);
  const enviar = async (arquivo: File | null) => {
    if (!arquivo) return;
    if (!TIPOS.split(',').includes(arquivo.type)) {
      toast({ type: 'error', title: 'Foto', message: 'Envie uma imagem PNG, JPEG ou WebP.' });
      return;
    }
    if (arquivo.size > MAX_BYTES) {
      toast({ type: 'error', title: 'Foto', message: 'A imagem deve ter no máximo 2 MB.' });
      return;
    }
    setEnviando(true);
    try {
      // a photo uploaded in this form and not saved yet is replaced in place (PUT)
      aoMudar(await enviarAvatar(arquivo, uuid && uuid !== uuidSalvo ? uuid : null));
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'avatar' }));
    } finally {
      setEnviando(false);
    }
  };
  const iniciais = nome
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');
  return (
    <Stack align="center" gap={8}>
      <Avatar
        src={imagem}
        size={112}
        radius={112}
        color="marca"
        alt={`Foto de ${nome || 'usuário'}`}
        data-cy="avatar-imagem"
      >
        {iniciais || null}
      </Avatar>
      <FileButton onChange={enviar} accept={TIPOS} disabled={desabilitado}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            leftSection={<IconUpload size={14} />}
            loading={enviando}
            disabled={desabilitado}
            data-cy="avatar-enviar"
          >
            {uuid ? 'Trocar foto' : 'Enviar foto'}
          </Button>
        )}
      </FileButton>
      <Text fz="xs" c={erro ? 'red' : 'dimmed'} ta="center">
        {erro ?? 'PNG, JPEG ou WebP, até 2 MB.'}
      </Text>
    </Stack>
  );
}
