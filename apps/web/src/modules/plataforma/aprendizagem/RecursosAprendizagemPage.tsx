/** Administrators' register of learning resources (issue 7): list, include, edit, delete. */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../app/toasts/store';
import { toastDeErro } from '../../../lib/erros';
import { excluirRecurso, listarRecursos, type RecursoCadastro } from './aprendizagem.api';
import { useAprendizagem } from './aprendizagem.store';
import { FormularioRecurso, rotuloDaTela } from './FormularioRecurso';

export function RecursosAprendizagemPage() {
  const qc = useQueryClient();
  const consulta = useQuery({ queryKey: ['recursos-aprendizagem'], queryFn: listarRecursos });
  const [alvo, setAlvo] = useState<RecursoCadastro | 'novo' | null>(null);
  const [excluindo, setExcluindo] = useState<RecursoCadastro | null>(null);
  const [enviando, setEnviando] = useState(false);

  const recarregar = () => {
    void qc.invalidateQueries({ queryKey: ['recursos-aprendizagem'] });
    void useAprendizagem.getState().carregar(true); // the admin's own help buttons follow the change
  };
  const confirmarExclusao = async () => {
    if (!excluindo) return;
    setEnviando(true);
    try {
      await excluirRecurso(excluindo.id);
      toast({ type: 'success', title: 'Sucesso', message: 'Recurso de aprendizagem excluído.' });
      setExcluindo(null);
      recarregar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'recursos de aprendizagem' }));
    } finally {
      setEnviando(false);
    }
  };
  const itens = consulta.data ?? [];

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <div>
          <Title order={1} fz={24}>
            Recursos de aprendizagem
          </Title>
          <Text c="dimmed" fz="sm">
            Orientações que abrem ao entrar numa tela e ficam no botão de ajuda dela.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAlvo('novo')} data-cy="recurso-novo">
          Novo recurso
        </Button>
      </Group>
      <Card withBorder radius="md" padding={0}>
        <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" data-cy="recursos-tabela">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Título</Table.Th>
              <Table.Th>Tela</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th w={100}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {consulta.isError && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="red" fz="sm">
                    Não foi possível carregar os recursos de aprendizagem.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {consulta.isSuccess && itens.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" fz="sm">
                    Nenhum recurso de aprendizagem cadastrado.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {itens.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td fw={600}>{r.titulo}</Table.Td>
                <Table.Td>{rotuloDaTela(r.menuId)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={r.ativo ? 'teal' : 'gray'}>
                    {r.ativo ? 'Ativo' : 'Inativo'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="Editar">
                      <ActionIcon variant="subtle" aria-label={`Editar ${r.titulo}`} onClick={() => setAlvo(r)}>
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Excluir">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Excluir ${r.titulo}`}
                        onClick={() => setExcluindo(r)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      <FormularioRecurso
        alvo={alvo}
        aoFechar={() => setAlvo(null)}
        aoSalvo={() => {
          setAlvo(null);
          recarregar();
        }}
      />
      <Modal opened={excluindo !== null} onClose={() => setExcluindo(null)} title="Excluir recurso de aprendizagem">
        <Text fz="sm">Excluir “{excluindo?.titulo}”? Ele deixa de aparecer para todos os usuários.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setExcluindo(null)}>
            Cancelar
          </Button>
          <Button color="red" onClick={() => void confirmarExclusao()} loading={enviando}>
            Excluir
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
