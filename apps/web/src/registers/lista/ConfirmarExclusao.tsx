/** Delete with confirmation; a refusal (409: the record is in use) explains why and offers to inactivate. */
import { Alert, Button, Group, List, Modal, Text } from '@mantine/core';
import type { RegisterDef } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../lib/toasts';
import { toastDeErro } from '../../lib/erros';
import { excluir, type Registro, razoesDe } from '../api';

interface Props {
  def: RegisterDef;
  base: string;
  item: Registro | null;
  rotulo: string;
  podeInativar: boolean;
  /** what else the delete takes along (a grupo's subgrupos), said before confirming */
  aviso?: string;
  aoFechar: () => void;
  aoExcluido: () => void;
  aoInativar: (item: Registro) => void;
}

export function ConfirmarExclusao({
  def,
  base,
  item,
  rotulo,
  podeInativar,
  aviso,
  aoFechar,
  aoExcluido,
  aoInativar,
}: Props) {
  const [enviando, setEnviando] = useState(false);
  const [recusa, setRecusa] = useState<{ message: string; reasons: string[] } | null>(null);
  const fechar = () => {
    setRecusa(null);
    aoFechar();
  };
  const confirmar = async () => {
    if (!item) return;
    setEnviando(true);
    try {
      await excluir(base, String(item.id));
      toast({ type: 'success', title: 'Sucesso', message: `Registro ${rotulo} excluído.` });
      fechar();
      aoExcluido();
    } catch (e) {
      const r = razoesDe(e);
      if (r.status === 409)
        setRecusa({ message: r.message || 'Este registro está em uso e não pode ser excluído.', reasons: r.reasons });
      else {
        toast(toastDeErro(e, { entidade: def.label.plural }));
        fechar();
      }
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Modal
      opened={item !== null}
      onClose={fechar}
      title={`Excluir ${def.label.singular.toLowerCase()}`}
      centered
      size="md"
    >
      {recusa ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title="Não foi possível excluir"
          data-cy="exclusao-recusada"
        >
          <Text fz="sm">{recusa.message}</Text>
          {recusa.reasons.length > 0 && (
            <List fz="sm" mt={6} spacing={2}>
              {recusa.reasons.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          )}
          <Text fz="sm" mt={8}>
            Você pode inativar o registro: ele deixa de aparecer nas seleções, mas o histórico é mantido.
          </Text>
        </Alert>
      ) : (
        <>
          <Text fz="sm">
            Deseja excluir o registro <b>{rotulo}</b>? Esta ação não pode ser desfeita.
          </Text>
          {aviso && (
            <Text fz="sm" mt={6}>
              {aviso}
            </Text>
          )}
        </>
      )}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={fechar}>
          {recusa ? 'Fechar' : 'Cancelar'}
        </Button>
        {recusa ? (
          podeInativar &&
          item?.ativo !== false && (
            <Button
              onClick={() => {
                if (item) aoInativar(item);
                fechar();
              }}
              data-cy="inativar-em-vez"
            >
              Inativar
            </Button>
          )
        ) : (
          <Button color="red" loading={enviando} onClick={confirmar} data-cy="confirmar-exclusao">
            Excluir
          </Button>
        )}
      </Group>
    </Modal>
  );
}
