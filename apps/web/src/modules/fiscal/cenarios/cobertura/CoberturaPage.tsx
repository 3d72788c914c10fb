/**
 * /fiscal/cenarios-fiscais/cobertura (PERM_CENARIOS_FISCAIS_ACESSO): the classes of products (NCM, CEST,
 * origem) that some store cannot document — no rule gives them a complete treatment for the chosen operation
 * (default: sale on the NFC-e inside the store's UF) — with the products count and what is missing; each row
 * links to a new scenario by NCM (the list sends the user back here) and to the simulator for a product of the
 * class. Filters: store (or all of the user's), model. Paged by 20.
 */
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { formatarDecimal, MODELOS } from '@retaguarda/domain';
import { IconCalculator, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRotaAtual } from '../../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../../servicos/sessao/store';
import { falhaDaApi } from '../../../../lib/erros';
import { focarPrimeiroCampo } from '../../../../ui/useEnterAvanca';
import { lerCobertura } from '../simulacao/api';
import { linkNovoCenario, ncmFormatado } from './link';

const POR_PAGINA = 20;
const cestFormatado = (c: string | null) => (c ? c.replace(/^(\d{2})(\d{3})(\d{2})$/, '$1.$2.$3') : '');
const VOLTAR = '/fiscal/cenarios-fiscais/cobertura';

export function CoberturaPage() {
  const { titulo } = useRotaAtual();
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const [params, setParams] = useSearchParams();
  const lojaId = params.get('lojaId') ?? '';
  const modelo = params.get('modelo') ?? '65';
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const filtros = useRef<HTMLDivElement>(null);

  useEffect(() => {
    focarPrimeiroCampo(filtros.current);
  }, []);

  const consulta = new URLSearchParams({ modelo, start: String((pagina - 1) * POR_PAGINA), count: String(POR_PAGINA) });
  if (lojaId) consulta.set('lojaId', lojaId);
  const lista = useQuery({
    queryKey: ['cobertura-cenarios', consulta.toString()],
    queryFn: ({ signal }) => lerCobertura(consulta, signal),
    placeholderData: keepPreviousData,
  });
  const mudar = (k: string, v: string | null) => {
    const p = new URLSearchParams(params);
    if (v) p.set(k, v);
    else p.delete(k);
    p.delete('pagina');
    setParams(p, { replace: true });
  };

  const falha = lista.error ? falhaDaApi(lista.error) : null;
  const total = lista.data?.total ?? 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Button
          component={Link}
          to="/fiscal/cenarios-fiscais/simular"
          variant="default"
          leftSection={<IconCalculator size={16} />}
          data-cy="cobertura-ir-simular"
        >
          Simular
        </Button>
      </Group>
      <Grid align="flex-end" ref={filtros}>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <Select
            label="Loja"
            searchable
            data={[
              { value: '', label: 'Todas as minhas lojas' },
              ...lojas.map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia}` })),
            ]}
            value={lojaId}
            allowDeselect={false}
            onChange={(v) => mudar('lojaId', v)}
            data-cy="cobertura-loja"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
          <Select
            label="Venda em"
            allowDeselect={false}
            data={MODELOS.map((m) => ({ value: m, label: m === '65' ? '65 - NFC-e' : '55 - NF-e' }))}
            value={modelo}
            onChange={(v) => mudar('modelo', v)}
            data-cy="cobertura-modelo"
          />
        </Grid.Col>
      </Grid>
      {falha && (
        <Alert color="red" data-cy="cobertura-erro">
          {[falha.message, ...falha.reasons].filter(Boolean).join(' ') || 'Não foi possível carregar a cobertura.'}
        </Alert>
      )}
      {lista.data && total === 0 && (
        <Alert color="green" data-cy="cobertura-vazia">
          Todos os produtos ativos têm tratamento fiscal completo nas lojas escolhidas.
        </Alert>
      )}
      {lista.data && total > 0 && (
        <Paper withBorder radius="sm" p="sm" aria-busy={lista.isFetching}>
          <Text fz="sm" mb="xs" data-cy="cobertura-total">
            {formatarDecimal(total, 0)}{' '}
            {total === 1 ? 'classe sem tratamento completo' : 'classes sem tratamento completo'} (NCM, CEST e origem por
            loja)
          </Text>
          <Table.ScrollContainer minWidth={900}>
            <Table striped withTableBorder verticalSpacing={4} fz="sm" data-cy="cobertura-tabela">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>NCM</Table.Th>
                  <Table.Th>CEST</Table.Th>
                  <Table.Th>Origem</Table.Th>
                  <Table.Th>Loja</Table.Th>
                  <Table.Th>UF / CRT</Table.Th>
                  <Table.Th ta="right">Produtos</Table.Th>
                  <Table.Th>O que falta</Table.Th>
                  <Table.Th>Ações</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lista.data.items.map((c) => (
                  <Table.Tr
                    key={`${c.ncm}-${c.cest}-${c.origem}-${c.lojaId}`}
                    data-cy={`cobertura-${c.ncm ?? 'sem-ncm'}-${c.lojaId}`}
                  >
                    <Table.Td>{ncmFormatado(c.ncm)}</Table.Td>
                    <Table.Td>{cestFormatado(c.cest)}</Table.Td>
                    <Table.Td>{c.origem}</Table.Td>
                    <Table.Td>{c.lojaFantasia}</Table.Td>
                    <Table.Td>
                      {c.uf} / {c.crt}
                    </Table.Td>
                    <Table.Td ta="right">{formatarDecimal(c.produtos, 0)}</Table.Td>
                    <Table.Td>{c.faltando.join('; ')}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {c.ncm && (
                          <Anchor
                            component={Link}
                            to={linkNovoCenario(c)}
                            state={{ voltar: VOLTAR }}
                            fz="sm"
                            data-cy="cobertura-criar"
                          >
                            <IconPlus size={12} /> Criar cenário
                          </Anchor>
                        )}
                        <Anchor
                          component={Link}
                          to={`/fiscal/cenarios-fiscais/simular?produtoId=${c.produtoExemploId}&lojaId=${c.lojaId}`}
                          fz="sm"
                          data-cy="cobertura-simular"
                        >
                          Simular
                        </Anchor>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > POR_PAGINA && (
            <Group justify="flex-end" mt="xs">
              <Pagination
                total={Math.ceil(total / POR_PAGINA)}
                value={pagina}
                onChange={(p) => {
                  const q = new URLSearchParams(params);
                  q.set('pagina', String(p));
                  setParams(q, { replace: true });
                }}
                data-cy="cobertura-paginas"
              />
            </Group>
          )}
        </Paper>
      )}
    </Stack>
  );
}
