/** Active sessions of the tenant (spec §6: administrators), shown by the update offer and /atualizacao. */
import { Badge, Table, Text } from '@mantine/core';
import { tempoRelativo } from '../../../lib/tempo-relativo';
import type { SessaoAtiva } from './atualizacao.api';

export function SessoesAtivas({ sessoes, erro }: { sessoes: SessaoAtiva[] | null; erro?: boolean }) {
  if (erro) return <Text c="red">Não foi possível carregar as sessões ativas.</Text>;
  if (!sessoes) return <Text c="dimmed">Carregando as sessões ativas…</Text>;
  if (!sessoes.length) return <Text c="dimmed">Nenhuma sessão ativa.</Text>;
  return (
    <Table.ScrollContainer minWidth={420} maxHeight={260}>
      <Table striped verticalSpacing={6} data-cy="sessoes-ativas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Última atividade</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessoes.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                {s.username}{' '}
                {s.atual && (
                  <Badge size="xs" variant="light">
                    você
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{s.nome}</Table.Td>
              <Table.Td>{tempoRelativo(s.ultimaAtividade)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
