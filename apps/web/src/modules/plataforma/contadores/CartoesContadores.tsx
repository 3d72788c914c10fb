/** Painel: one card per counter the user may see, linking to its screen, and the per-store table. */
import { Card, Group, SimpleGrid, Table, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { podeVerNoMenu, ROTAS } from '@retaguarda/domain';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCloudUpload,
  IconFileAlert,
  IconReceiptTax,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessao } from '../../../servicos/sessao/store';
import classes from './CartoesContadores.module.css';
import { type Contadores, type LojaContadores, useContadores } from './contadores.store';

interface Cartao {
  chave: 'vendas' | 'tributacao' | 'produto' | 'nfce';
  titulo: string;
  descricao: string;
  rota: string;
  icone: ReactNode;
}

export const CARTOES: readonly Cartao[] = [
  {
    chave: 'vendas',
    titulo: 'Pendências da subida de vendas',
    descricao: 'Vendas pendentes no envio dos PDVs (coluna “Erros” por loja)',
    rota: '/frenteDeLoja/inconsistenciaSubidaDeVendas',
    icone: <IconCloudUpload size={22} />,
  },
  {
    chave: 'tributacao',
    titulo: 'Inconsistências de tributação',
    descricao: 'Produtos sem cenário fiscal em alguma loja (coluna “Sem cenário”)',
    rota: '/fiscal/cenarios-fiscais',
    icone: <IconReceiptTax size={22} />,
  },
  {
    chave: 'produto',
    titulo: 'Inconsistências de produto',
    descricao: 'Inconsistências de cadastro fiscal, sem contar a falta de CEST (coluna “Produto”)',
    rota: '/inconsistenciasTributarias',
    icone: <IconAlertTriangle size={22} />,
  },
  {
    chave: 'nfce',
    titulo: 'NFC-e rejeitadas',
    descricao: 'Notas rejeitadas pela SEFAZ aguardando correção e reenvio ou inutilização',
    rota: '/monitoramentoDocumentos',
    icone: <IconFileAlert size={22} />,
  },
];

const ROTA = new Map(ROTAS.map((r) => [r.path, r]));

function Valor({ n }: { n: number }) {
  return (
    <Text fz={28} fw={700} lh={1} c={n > 0 ? 'orange.8' : 'teal.8'} data-cy="contador-valor">
      {n.toLocaleString('pt-BR')}
    </Text>
  );
}

function CartaoContador({ c, valor, pode }: { c: Cartao; valor: number; pode: boolean }) {
  const corpo = (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <ThemeIcon variant="light" size={42} radius="md" color={valor > 0 ? 'orange' : 'teal'}>
        {c.icone}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Valor n={valor} />
        <Text fw={600} fz="sm" mt={4}>
          {c.titulo}
        </Text>
        <Text fz="xs" c="dimmed">
          {c.descricao}
        </Text>
      </div>
    </Group>
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={pode ? classes.clicavel : undefined}
      data-cy={`contador-${c.chave}`}
    >
      {pode ? (
        <UnstyledButton component={Link} to={c.rota}>
          {corpo}
        </UnstyledButton>
      ) : (
        corpo
      )}
    </Card>
  );
}

const celula = (n: number | null) => (n === null ? '—' : n.toLocaleString('pt-BR'));

const lojasDe = (c: Contadores): LojaContadores[] => c.porLoja?.items ?? [];

/** Whether the per-store table has something the cards do not say (more than one store). */
export const temPorLoja = (c: Contadores) => lojasDe(c).length > 1;

/** GET /pdv/erros-subida-venda as a table, one row per store. */
export function ContadoresPorLoja() {
  const valores = useContadores();
  if (!temPorLoja(valores)) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="xs" mb="xs">
        <IconBuildingStore size={18} />
        <Title order={2} fz="md">
          Inconsistências por loja
        </Title>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table striped fz="sm" horizontalSpacing="xs" data-cy="contadores-por-loja" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Loja</Table.Th>
              <Table.Th
                ta="right"
                title="Transações com erro pendente na subida de vendas (a unidade do cartão Pendências da subida de vendas)"
              >
                Erros
              </Table.Th>
              <Table.Th ta="right" title="Tipos de erro pendentes na subida de vendas">
                Tipos de erro
              </Table.Th>
              <Table.Th
                ta="right"
                title="Produtos sem cenário fiscal (a unidade do cartão Inconsistências de tributação)"
              >
                Sem cenário
              </Table.Th>
              <Table.Th
                ta="right"
                title="Inconsistências de cadastro, sem a falta de CEST (a unidade do cartão Inconsistências de produto)"
              >
                Produto
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lojasDe(valores).map((l) => (
              <Table.Tr key={l.lojaId}>
                <Table.Td>
                  {l.lojaId} - {l.fantasia || l.sigla}
                </Table.Td>
                <Table.Td ta="right">{celula(l.errosDeSubidaDeVenda)}</Table.Td>
                <Table.Td ta="right">{celula(l.inconsistenciasDeVenda)}</Table.Td>
                <Table.Td ta="right">{celula(l.inconsistenciasDeTributacao)}</Table.Td>
                <Table.Td ta="right">{celula(l.inconsistenciasDeProduto)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Nothing at all for a user without any counter permission. */
export function CartoesContadores() {
  const usuario = useSessao((s) => s.usuario);
  const valores: Contadores = useContadores();
  if (!usuario) return null;
  const visiveis = CARTOES.filter((c) => (valores[c.chave] ?? null) !== null);
  if (!visiveis.length) return null;
  return (
    <section aria-labelledby="titulo-contadores">
      <Title order={2} fz="md" mb="sm" id="titulo-contadores">
        Inconsistências
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {visiveis.map((c) => {
          const rota = ROTA.get(c.rota);
          return (
            <CartaoContador
              key={c.chave}
              c={c}
              valor={valores[c.chave] ?? 0}
              pode={rota !== undefined && podeVerNoMenu(rota, usuario)}
            />
          );
        })}
      </SimpleGrid>
    </section>
  );
}
