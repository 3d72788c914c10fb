/** "Faixa" result: per store and série the range analysed, then the gaps (to void) and the voided ranges. */
import { Alert, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { FaixaNfce } from '@retaguarda/domain';
import { BotaoInutilizarFaixa } from './acoes';

const n = (v: number) => v.toLocaleString('pt-BR');

export function GradeFaixa({
  faixa,
  carregando,
  aoInutilizar,
}: {
  faixa: FaixaNfce | undefined;
  carregando: boolean;
  /** after SEFAZ answered a voiding started from a gap row (the analysis is read again) */
  aoInutilizar?: () => void;
}) {
  if (carregando && !faixa) return <Text c="dimmed">Analisando a numeração…</Text>;
  if (!faixa?.series.length)
    return (
      <Text c="dimmed" fz="sm" data-cy="faixa-vazia">
        Nenhuma NFC-e numerada no período e filtros escolhidos.
      </Text>
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table striped fz="sm" data-cy="faixa-series">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Loja</Table.Th>
              <Table.Th ta="right">Série</Table.Th>
              <Table.Th ta="right">Faixa analisada</Table.Th>
              <Table.Th ta="right">Números usados</Table.Th>
              <Table.Th ta="right">Lacunas</Table.Th>
              <Table.Th ta="right">Inutilizados</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {faixa.series.map((s) => (
              <Table.Tr key={`${s.lojaId}-${s.serie}`}>
                <Table.Td>{s.loja}</Table.Td>
                <Table.Td ta="right">{s.serie}</Table.Td>
                <Table.Td ta="right">
                  {n(s.primeiro)} a {n(s.ultimo)}
                </Table.Td>
                <Table.Td ta="right">{n(s.usados)}</Table.Td>
                <Table.Td ta="right" c={s.lacunas ? 'red.8' : undefined} fw={s.lacunas ? 700 : undefined}>
                  {n(s.lacunas)}
                </Table.Td>
                <Table.Td ta="right">{n(s.inutilizados)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {faixa.items.length === 0 ? (
        <Alert color="teal" data-cy="faixa-sem-lacunas">
          Nenhuma lacuna: todos os números da faixa foram usados.
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover fz="sm" data-cy="faixa-lacunas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Loja</Table.Th>
                <Table.Th ta="right">Série</Table.Th>
                <Table.Th ta="right">Caixa</Table.Th>
                <Table.Th ta="right">Números</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Protocolo</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {faixa.items.map((i) => (
                <Table.Tr key={`${i.lojaId}-${i.serie}-${i.numeroInicial}-${i.situacao}`} data-cy="faixa-linha">
                  <Table.Td>{i.loja}</Table.Td>
                  <Table.Td ta="right">{i.serie}</Table.Td>
                  <Table.Td ta="right">{i.numeroCaixa ?? '—'}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {i.numeroInicial === i.numeroFinal
                      ? n(i.numeroInicial)
                      : `${n(i.numeroInicial)} a ${n(i.numeroFinal)}`}
                  </Table.Td>
                  <Table.Td ta="right">{n(i.quantidade)}</Table.Td>
                  <Table.Td>
                    {i.situacao === 'LACUNA' ? (
                      <Badge color="red" variant="light">
                        Lacuna – a inutilizar
                      </Badge>
                    ) : (
                      <Badge color="dark" variant="light">
                        Inutilizada
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{i.protocolo ?? ''}</Table.Td>
                  <Table.Td>
                    {i.situacao === 'LACUNA' && (
                      <BotaoInutilizarFaixa
                        compacto
                        faixa={{
                          lojaId: i.lojaId,
                          serie: i.serie,
                          numeroCaixa: i.numeroCaixa,
                          numeroInicial: i.numeroInicial,
                          numeroFinal: i.numeroFinal,
                        }}
                        aoConcluir={aoInutilizar}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {faixa.cortado && (
        <Group>
          <Text fz="xs" c="dimmed">
            Lista limitada às primeiras {n(faixa.items.length)} linhas; os totais acima contam todas.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
