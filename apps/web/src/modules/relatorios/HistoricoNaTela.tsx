/**
 * 'Histórico de alterações' of a record on screen: who, when, what and each field's before → after,
 * newest first (GET {register path}/{id}/historico), with the PDF as an option.
 */
import { Alert, Badge, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { HistoricoDoRegistro } from '@retaguarda/domain';
import { IconArrowRight, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { formatarDataHora } from '../../lib/formato';

const COR: Record<string, string> = { INCLUSAO: 'green', ALTERACAO: 'blue', EXCLUSAO: 'red' };

interface Props {
  base: string;
  id: string;
  aberto: boolean;
  aoFechar: () => void;
  aoPedirPdf: () => void;
  gerandoPdf: boolean;
}

export function HistoricoNaTela({ base, id, aberto, aoFechar, aoPedirPdf, gerandoPdf }: Props) {
  const consulta = useQuery({
    queryKey: ['historico', base, id],
    enabled: aberto,
    gcTime: 0,
    queryFn: ({ signal }) => api<HistoricoDoRegistro>(`${base}/${encodeURIComponent(id)}/historico`, { signal }),
  });
  const h = consulta.data;
  return (
    <Modal
      opened={aberto}
      onClose={aoFechar}
      size="xl"
      title={h ? `Histórico de alterações — ${h.registro}` : 'Histórico de alterações'}
      data-cy="historico-na-tela"
    >
      <Stack gap="sm">
        {consulta.isPending && (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        )}
        {consulta.isError && <Alert color="red">Não foi possível carregar o histórico.</Alert>}
        {h && h.items.length === 0 && <Text c="dimmed">Nenhuma alteração registrada para este registro.</Text>}
        {h && h.items.length > 0 && (
          <Table.ScrollContainer minWidth={560} mah={480}>
            <Table verticalSpacing={6} fz="sm" striped stickyHeader aria-label="Histórico de alterações">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={130}>Data e hora</Table.Th>
                  <Table.Th w={170}>Usuário</Table.Th>
                  <Table.Th w={100}>Ação</Table.Th>
                  <Table.Th>Campos alterados</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.items.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own and never reorder
                  <Table.Tr key={i} data-cy="historico-entrada">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatarDataHora(String(e.em))}</Table.Td>
                    <Table.Td>{e.usuario ?? 'Sistema'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={COR[e.operacao] ?? 'gray'} radius="sm" tt="none">
                        {e.acao}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {e.campos.length === 0 ? (
                        <Text fz="sm" c="dimmed" fs="italic">
                          Sem alteração de campos
                        </Text>
                      ) : (
                        <Stack gap={2}>
                          {e.campos.map((c) => (
                            <Group key={c.campo} gap={6} wrap="wrap" data-cy="historico-campo">
                              <Text fz="sm" fw={600}>
                                {c.rotulo}:
                              </Text>
                              {c.antes !== null && (
                                <>
                                  <Text fz="sm" td="line-through" c="dimmed">
                                    {c.antes}
                                  </Text>
                                  <IconArrowRight size={13} aria-label="para" />
                                </>
                              )}
                              <Text fz="sm">{c.depois}</Text>
                            </Group>
                          ))}
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {h?.limitado && (
          <Text fz="xs" c="dimmed">
            Exibindo as alterações mais recentes. O PDF traz o histórico completo.
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            loading={gerandoPdf}
            onClick={aoPedirPdf}
            data-cy="historico-pdf"
          >
            Gerar PDF
          </Button>
          <Button onClick={aoFechar} data-cy="historico-fechar">
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
