/** /requerimentosAplicacao: the supported browsers and whether the one in use is among them. */
import { Alert, Anchor, Card, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { detectarNavegador, NAVEGADORES } from './requerimentos';

export function RequerimentosPage() {
  const atual = detectarNavegador(navigator.userAgent);
  const descricao = atual.versao ? `${atual.nome} ${atual.versao}` : atual.nome;
  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1} fz={24}>
          Requerimentos da aplicação
        </Title>
        <Text c="dimmed">Navegadores em que o Retaguarda funciona por completo.</Text>
      </div>

      {atual.suportado ? (
        <Alert color="teal" icon={<IconCircleCheck />} title="Seu navegador é compatível" data-cy="navegador-status">
          Você está usando o {descricao}, que atende aos requisitos da aplicação.
        </Alert>
      ) : (
        <Alert
          color="orange"
          icon={<IconAlertTriangle />}
          title="Seu navegador não é compatível"
          data-cy="navegador-status"
        >
          Você está usando {atual.versao ? `o ${descricao}` : 'um navegador não identificado'}. Algumas telas podem não
          funcionar corretamente: atualize-o ou use um dos navegadores abaixo.
        </Alert>
      )}

      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="md" mb="sm">
          Navegadores suportados
        </Title>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Navegador</Table.Th>
              <Table.Th>Versão mínima</Table.Th>
              <Table.Th>Onde obter</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NAVEGADORES.map((n) => (
              <Table.Tr key={n.nome}>
                <Table.Td>{n.nome}</Table.Td>
                <Table.Td>{n.minimo} ou superior</Table.Td>
                <Table.Td>
                  <Anchor href={n.obtencao} target="_blank" rel="noopener noreferrer" fz="sm">
                    Baixar
                    <VisuallyHidden>{` o ${n.nome}`}</VisuallyHidden>
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="md" mb="sm">
          Também é necessário
        </Title>
        <List spacing={4} fz="sm">
          <List.Item>JavaScript, cookies e armazenamento local habilitados.</List.Item>
          <List.Item>Tela com pelo menos 1024 pixels de largura para as telas de cadastro e relatórios.</List.Item>
          <List.Item>Janelas pop-up liberadas para abrir relatórios e materiais de apoio.</List.Item>
          <List.Item>Internet Explorer não é suportado.</List.Item>
        </List>
      </Card>
    </Stack>
  );
}
