/**
 * Warnings before saving a document (issue #27.5): the form reads what the save would warn about (the
 * command's preview, `?previa=true`, answers `avisos`) and, when there is any, asks before saving. A
 * preview that fails says nothing here: the save itself answers the error on the fields.
 */
import { Alert, Button, Group, List, Modal, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';

export interface AvisosAntesDeSalvar {
  /** true: save (no warning, or the user accepted them); false: the user went back to the document */
  confirmar: (ler: () => Promise<readonly string[] | undefined>) => Promise<boolean>;
  /** the question, rendered by FormularioDocumento (`avisos`) */
  pergunta: ReactNode;
}

export function useAvisosAntesDeSalvar(): AvisosAntesDeSalvar {
  const [avisos, setAvisos] = useState<readonly string[]>([]);
  const resposta = useRef<(ok: boolean) => void>(null);
  const responder = (ok: boolean) => {
    setAvisos([]);
    resposta.current?.(ok);
    resposta.current = null;
  };
  const confirmar = async (ler: () => Promise<readonly string[] | undefined>) => {
    const lidos = await ler().catch(() => undefined);
    if (!lidos?.length) return true;
    return new Promise<boolean>((resolve) => {
      resposta.current = resolve;
      setAvisos(lidos);
    });
  };
  const pergunta = (
    <Modal
      opened={avisos.length > 0}
      onClose={() => responder(false)}
      title="Confirme antes de salvar"
      centered
      size="lg"
    >
      <Alert color="orange" variant="light" data-cy="avisos-antes-de-salvar">
        <List size="sm" spacing={4}>
          {avisos.map((a) => (
            <List.Item key={a} data-cy="aviso-antes-de-salvar">
              {a}
            </List.Item>
          ))}
        </List>
      </Alert>
      <Text fz="sm" mt="sm">
        A loja permite saldo negativo. Deseja salvar assim mesmo?
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => responder(false)} data-cy="avisos-voltar">
          Voltar ao documento
        </Button>
        <Button color="orange" onClick={() => responder(true)} data-cy="avisos-salvar" data-autofocus>
          Salvar assim mesmo
        </Button>
      </Group>
    </Modal>
  );
  return { confirmar, pergunta };
}
