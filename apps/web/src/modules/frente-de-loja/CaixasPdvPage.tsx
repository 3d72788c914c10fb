/**
 * /frenteDeLoja/caixas: each POS drawer of a store's day as the cash operations uploaded it — fundo de troco,
 * suprimentos, sangrias, the cash the sales took (less change), the expected cash, the counted fechamento and
 * the quebra de caixa (sobra in green, falta in red). A drawer opens its operations. The day is the store's
 * own (yesterday by default: the morning check of the night's closings).
 */
import { Badge, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  DESCRICAO_OPERACAO_CAIXA,
  dataBr,
  hojeNaZona,
  type ResumoDoCaixa,
  somarDias,
  type TipoOperacaoCaixa,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lerDataBr, zonaDe } from '../../lib/datas';
import { formatarDinheiro } from '../../lib/formato';
import { rotuloLoja } from '../../registers/contexto';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../servicos/sessao/store';
import { CampoDataBr } from '../../ui/CampoDataBr';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { type CaixaDoDia, listarOperacoesDoCaixa, resumoDosCaixas } from './caixas.api';

const COR_SITUACAO: Record<ResumoDoCaixa['situacao'], string> = {
  ABERTO: 'gray',
  CONFERE: 'blue',
  SOBRA: 'green',
  FALTA: 'red',
};
const ROTULO_SITUACAO: Record<ResumoDoCaixa['situacao'], string> = {
  ABERTO: 'Sem fechamento',
  CONFERE: 'Confere',
  SOBRA: 'Sobra',
  FALTA: 'Falta',
};

export function CaixasPdvPage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const lojas = usuario?.lojasUsuario ?? [];
  const [lojaId, setLojaId] = useState<number | null>((lojas.find((l) => l.principal) ?? lojas[0])?.id ?? null);
  const loja = lojas.find((l) => l.id === lojaId);
  const [data, setData] = useState(() => somarDias(hojeNaZona(zonaDe(loja)), -1));
  const [aberto, setAberto] = useState<number | null>(null);
  const resumo = useQuery({
    queryKey: ['caixas-pdv', lojaId, data],
    queryFn: () => resumoDosCaixas(lojaId!, data),
    enabled: lojaId !== null && !!data,
  });
  const caixas = resumo.data?.caixas ?? [];
  const dinheiro = (v: string | null) => (v === null ? '—' : formatarDinheiro(v));

  const colunas: ColunaTabela<CaixaDoDia>[] = [
    { id: 'caixa', titulo: 'Caixa', celula: (c) => String(c.numeroCaixa).padStart(3, '0') },
    { id: 'abertura', titulo: 'Fundo de troco', celula: (c) => dinheiro(c.abertura) },
    { id: 'suprimentos', titulo: 'Suprimentos', celula: (c) => dinheiro(c.suprimentos) },
    { id: 'sangrias', titulo: 'Sangrias', celula: (c) => dinheiro(c.sangrias) },
    { id: 'vendas', titulo: 'Dinheiro das vendas', celula: (c) => dinheiro(c.dinheiroVendas) },
    { id: 'esperado', titulo: 'Esperado', celula: (c) => dinheiro(c.esperado) },
    { id: 'declarado', titulo: 'Declarado', celula: (c) => dinheiro(c.declarado) },
    {
      id: 'diferenca',
      titulo: 'Diferença',
      celula: (c) => (
        <Text fz="sm" fw={600} c={COR_SITUACAO[c.situacao]} data-cy="caixa-diferenca">
          {dinheiro(c.diferenca)}
        </Text>
      ),
    },
    {
      id: 'situacao',
      titulo: 'Situação',
      celula: (c) => (
        <Badge color={COR_SITUACAO[c.situacao]} variant="light" data-cy="caixa-situacao">
          {ROTULO_SITUACAO[c.situacao]}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <Text fz="sm" c="dimmed">
        Abertura, suprimentos, sangrias e fechamento enviados pelos PDVs. O esperado é o fundo de troco mais os
        suprimentos, menos as sangrias, mais o dinheiro recebido nas vendas (descontado o troco).
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          label="Loja"
          data={lojas.map((l) => ({ value: String(l.id), label: rotuloLoja(l) }))}
          value={lojaId === null ? null : String(lojaId)}
          onChange={(v) => {
            setLojaId(v ? Number(v) : null);
            setAberto(null);
          }}
          allowDeselect={false}
          w={280}
          data-cy="caixas-loja"
        />
        <CampoDataBr
          label="Dia"
          valor={data}
          mudar={(iso) => {
            if (iso && lerDataBr(dataBr(iso))) setData(iso);
            setAberto(null);
          }}
          w={150}
          data-cy="caixas-data"
        />
      </Group>
      <TabelaDados
        rotulo="Caixas do dia"
        colunas={colunas}
        itens={caixas}
        idDe={(c) => String(c.numeroCaixa)}
        carregando={resumo.isPending && lojaId !== null}
        aoAbrir={(c) => setAberto(c.numeroCaixa)}
        larguraMinima={900}
        vazio={
          <Text c="dimmed" fz="sm">
            Nenhuma operação de caixa nem venda em dinheiro neste dia.
          </Text>
        }
        dataCy="lista-caixas"
        dataCyLinha="caixa-linha"
      />
      {aberto !== null && lojaId !== null && <OperacoesDoCaixa lojaId={lojaId} caixa={aberto} data={data} />}
    </Stack>
  );
}

function OperacoesDoCaixa({ lojaId, caixa, data }: { lojaId: number; caixa: number; data: string }) {
  const ops = useQuery({
    queryKey: ['caixa-pdv-operacoes', lojaId, caixa, data],
    queryFn: () => listarOperacoesDoCaixa(lojaId, caixa, data),
  });
  return (
    <Stack gap={4} data-cy="caixa-operacoes">
      <Title order={2} fz={16} fw={600}>
        Operações do caixa {String(caixa).padStart(3, '0')} em {dataBr(data)}
      </Title>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Hora</Table.Th>
            <Table.Th>Operação</Table.Th>
            <Table.Th>Operador</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Observação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(ops.data?.items ?? []).map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{o.dataHora.slice(11, 16)}</Table.Td>
              <Table.Td>{DESCRICAO_OPERACAO_CAIXA[o.tipo as TipoOperacaoCaixa] ?? o.tipo}</Table.Td>
              <Table.Td>{o.funcionarioNome ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatarDinheiro(o.valor)}</Table.Td>
              <Table.Td>{o.observacao ?? ''}</Table.Td>
            </Table.Tr>
          ))}
          {ops.data && !ops.data.items.length && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" fz="sm">
                  Nenhuma operação enviada por este caixa no dia (só vendas).
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
