/**
 * The product form's picture (`imagem`): the upload widget sends it as a 'produto-imagem' file (the server
 * checks it is a PNG, JPEG or WebP by its bytes); the field keeps the upload's uuid and saving the product
 * links it. The saved picture shows from GET /arquivo/view (its thumbnail); a new one from the file itself.
 */
import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { TIPOS_DE_ARQUIVO } from '@retaguarda/domain';
import { useEffect, useState } from 'react';
import { lerTokens } from '../../../lib/tokens';
import { comuns, type InputProps, texto } from '../../../registers/fields/tipos';
import { UploadArquivo } from '../../../ui/UploadArquivo';
import { enviarComProgresso } from '../../../ui/uploadEnvio';

const TIPO = TIPOS_DE_ARQUIVO['produto-imagem'];

export const urlDaImagem = (uuid: string, tamanho: 'pequena' | 'media' | 'grande' = 'media') =>
  `/arquivo/view?uuid=${encodeURIComponent(uuid)}&tamanho=${tamanho}`;

function enviar(arquivo: File, aoProgredir: (fracao: number) => void) {
  const token = lerTokens()?.accessToken;
  return enviarComProgresso<{ id: string }>('/api/v1/arquivos?tipo=produto-imagem', arquivo, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    aoProgredir,
  });
}

export function ImagemProdutoInput(p: InputProps) {
  const c = comuns(p);
  const uuid = texto(p.value);
  // the file just sent, shown from the browser (the server shows a picture once a product names it)
  const [previa, setPrevia] = useState<string | null>(null);
  useEffect(() => () => void (previa && URL.revokeObjectURL(previa)), [previa]);
  const src = previa ?? (uuid ? urlDaImagem(uuid) : null);
  return (
    <Input.Wrapper label={c.label} error={c.error} description={c.description} data-cy={c['data-cy']}>
      <Group align="flex-start" gap="md" mt={4}>
        {src ? (
          <Image src={src} w={128} h={128} fit="contain" radius="sm" alt="Imagem do produto" data-cy="imagem-produto" />
        ) : (
          <Text fz="sm" c="dimmed" w={128}>
            Sem imagem.
          </Text>
        )}
        {!c.readOnly && (
          <Stack gap="xs" style={{ flex: 1 }}>
            <UploadArquivo<{ id: string }>
              rotulo="Enviar imagem (PNG, JPEG ou WebP)"
              extensoes={TIPO.extensoes}
              limiteBytes={TIPO.limiteBytes}
              enviar={enviar}
              aoEnviar={(r, arquivo) => {
                setPrevia(URL.createObjectURL(arquivo));
                p.onChange(r.id);
              }}
            />
            {uuid && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => {
                  setPrevia(null);
                  p.onChange(null);
                }}
                data-cy="remover-imagem"
              >
                Remover imagem
              </Button>
            )}
          </Stack>
        )}
      </Group>
    </Input.Wrapper>
  );
}
