/**
 * The upload widget: drop a file on the area or pick it (keyboard: Enter/Space opens the picker), checked
 * for type and size before anything is sent, then sent with a progress bar. Sending is the caller's
 * `enviar` (e.g. `enviarComProgresso` to POST /api/v1/arquivos?tipo=… with the session's headers):
 * ui/ knows no session. The server's refusal (413, 429, 415…) is shown as it says it.
 */
import { Alert, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { recusaDoArquivo, tamanhoLegivel } from './uploadEnvio';

interface Props<T> {
  rotulo: string;
  /** accepted name endings, with the dot (".csv") */
  extensoes?: readonly string[];
  limiteBytes?: number;
  enviar: (arquivo: File, aoProgredir: (fracao: number) => void) => Promise<T>;
  aoEnviar?: (resposta: T, arquivo: File) => void;
  desabilitado?: boolean;
}

type Estado =
  | { fase: 'livre' }
  | { fase: 'enviando'; nome: string; fracao: number }
  | { fase: 'enviado'; nome: string }
  | { fase: 'erro'; mensagem: string };

export function UploadArquivo<T>({ rotulo, extensoes, limiteBytes, enviar, aoEnviar, desabilitado }: Props<T>) {
  const [estado, setEstado] = useState<Estado>({ fase: 'livre' });
  const [arrastando, setArrastando] = useState(false);
  const entrada = useRef<HTMLInputElement>(null);
  const id = useId();
  const ocupado = desabilitado || estado.fase === 'enviando';

  async function escolher(arquivo: File | undefined) {
    if (!arquivo || ocupado) return;
    const recusa = recusaDoArquivo(arquivo, extensoes, limiteBytes);
    if (recusa) return setEstado({ fase: 'erro', mensagem: recusa });
    setEstado({ fase: 'enviando', nome: arquivo.name, fracao: 0 });
    try {
      const resposta = await enviar(arquivo, (fracao) => setEstado({ fase: 'enviando', nome: arquivo.name, fracao }));
      setEstado({ fase: 'enviado', nome: arquivo.name });
      aoEnviar?.(resposta, arquivo);
    } catch (e) {
      setEstado({ fase: 'erro', mensagem: (e as Error).message || 'Não foi possível enviar o arquivo.' });
    }
  }

  const soltar = (e: DragEvent) => {
    e.preventDefault();
    setArrastando(false);
    void escolher(e.dataTransfer.files[0]);
  };
  const dica = [
    extensoes?.length ? `Arquivos ${extensoes.join(', ')}` : undefined,
    limiteBytes ? `até ${tamanhoLegivel(limiteBytes)}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Stack gap="xs">
      {/* named by its own text (label, how to use, types and size): an aria-label of the label alone would hide
          the rest from screen readers and mismatch what sighted users read (axe: label-content-name-mismatch) */}
      <UnstyledButton
        aria-disabled={ocupado}
        data-cy="upload-area"
        onClick={() => !ocupado && entrada.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setArrastando(true);
        }}
        onDragLeave={() => setArrastando(false)}
        onDrop={soltar}
        p="md"
        style={{
          border: `2px dashed var(--mantine-color-${arrastando ? 'blue-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-sm)',
          opacity: ocupado ? 0.6 : 1,
        }}
      >
        <Group gap="sm" wrap="nowrap">
          <IconFileUpload size={28} aria-hidden />
          <div>
            <Text fw={500}>{rotulo}</Text>
            <Text size="sm" c="dimmed">
              Arraste o arquivo até aqui ou clique para escolher.
            </Text>
            {dica && (
              <Text size="xs" c="dimmed" id={`${id}-dica`}>
                {dica}.
              </Text>
            )}
          </div>
        </Group>
      </UnstyledButton>
      <input
        ref={entrada}
        type="file"
        hidden
        data-cy="upload-entrada"
        accept={extensoes?.join(',')}
        onChange={(e) => {
          void escolher(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {estado.fase === 'enviando' && (
        <div>
          <Text size="sm">
            Enviando {estado.nome}… {Math.round(estado.fracao * 100)}%
          </Text>
          <Progress value={estado.fracao * 100} aria-label={`Envio de ${estado.nome}`} />
        </div>
      )}
      {estado.fase === 'enviado' && (
        <Text size="sm" c="green.8" role="status">
          Arquivo {estado.nome} enviado.
        </Text>
      )}
      {estado.fase === 'erro' && (
        <Alert color="red" role="alert" title="Arquivo não enviado">
          {estado.mensagem}
        </Alert>
      )}
    </Stack>
  );
}
