/**
 * /estoque/saldo-estoque: the balance per store, location and product at the end of a day, valued at
 * the average cost of that day, filtered by stores, section/brand/supplier and the stock situation;
 * Consultar (Enter) shows the balances on screen with totals per store (#27.9: the day, stores and sections
 * apply; brand, supplier and situation only to the files); 'Gerar PDF' / 'Gerar Excel' still ask the report
 * (background job, opened from the bell's notice), the export of the same balances.
 */
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  MSG_RELATORIO_ESTOQUE,
  pedidoSaldoEstoque,
  ROTULO_SITUACAO_SALDO,
  SITUACOES_SALDO,
  type SituacaoSaldo,
} from '@retaguarda/domain';
import { useState } from 'react';
import { useSessao } from '../../../servicos/sessao/store';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { hojeNaLoja } from '../../../lib/datas';
import { aoTeclarEnterAvanca } from '../../../ui/useEnterAvanca';
import { useSolicitarRelatorio } from '../../relatorios/useSolicitarRelatorio';
import { solicitarSaldoEstoque } from './api';
import { BotoesGerar, CampoData, COMUNS_VAZIOS, FiltrosDeLojaEProduto, type ValoresComuns } from './CamposRelatorio';
import { dataDaTela, ids, validar } from './filtros';
import { type FiltrosSaldos, TabelaSaldos } from './TabelaSaldos';

const SITUACOES = SITUACOES_SALDO.map((s) => ({ value: s, label: ROTULO_SITUACAO_SALDO[s] }));

export function SaldoEstoquePage() {
  const { titulo } = useRotaAtual();
  // a report spans stores: the date proposed is the principal store's today
  const principal = useSessao((s) => s.usuario?.lojasUsuario.find((l) => l.principal));
  const [data, setData] = useState(() => hojeNaLoja(principal));
  const [situacao, setSituacao] = useState<SituacaoSaldo>('AMBOS');
  const [comuns, setComuns] = useState<ValoresComuns>(COMUNS_VAZIOS);
  const [erros, setErros] = useState<Record<string, string>>({});
  const { enviando, solicitar } = useSolicitarRelatorio(MSG_RELATORIO_ESTOQUE.entidadeSaldo);
  const [naTela, setNaTela] = useState<FiltrosSaldos | null>(null);

  const consultar = () => {
    const r = validar(pedidoSaldoEstoque, {
      formato: 'PDF',
      data: dataDaTela(data),
      situacao,
      lojas: ids(comuns.lojas),
      secoes: ids(comuns.secoes),
      marcas: ids(comuns.marcas),
      fornecedores: ids(comuns.fornecedores),
    });
    setErros(r.erros ?? {});
    if (r.corpo) setNaTela({ data: r.corpo.data, lojas: r.corpo.lojas ?? [], secoes: r.corpo.secoes ?? [] });
  };

  const gerar = (formato: 'PDF' | 'XLSX') => {
    const r = validar(pedidoSaldoEstoque, {
      formato,
      data: dataDaTela(data),
      situacao,
      lojas: ids(comuns.lojas),
      secoes: ids(comuns.secoes),
      marcas: ids(comuns.marcas),
      fornecedores: ids(comuns.fornecedores),
    });
    setErros(r.erros ?? {});
    if (r.corpo) void solicitar(() => solicitarSaldoEstoque(r.corpo));
  };

  return (
    <Stack gap="md" data-cy="saldo-estoque">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            consultar();
          }}
          onKeyDown={(e) => aoTeclarEnterAvanca(e)}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <CampoData
                label="Saldo no fim do dia"
                valor={data}
                mudar={setData}
                erro={erros.data}
                data-cy="filtro-data"
                ref={(el) => {
                  // the first field takes the focus when the screen opens
                  if (el && !el.dataset.focado) {
                    el.dataset.focado = '1';
                    el.focus();
                  }
                }}
              />
              <Select
                label="Situação do estoque"
                data={SITUACOES}
                value={situacao}
                allowDeselect={false}
                onChange={(v) => v && setSituacao(v as SituacaoSaldo)}
                description={MSG_RELATORIO_ESTOQUE.dicaSituacao}
                error={erros.situacao}
                data-cy="filtro-situacao"
              />
              <FiltrosDeLojaEProduto valores={comuns} mudar={(v) => setComuns((c) => ({ ...c, ...v }))} erros={erros} />
            </SimpleGrid>
            <Text fz="sm" c="dimmed">
              Saldo de cada loja, local e produto no fim do dia informado (lançamentos retroativos incluídos),
              valorizado pelo custo médio daquela data. Filtros vazios incluem tudo; totais por loja no fim.
            </Text>
            <Group gap="sm">
              <Button type="submit" leftSection={<IconSearch size={16} />} data-cy="saldos-consultar">
                Consultar
              </Button>
              <BotoesGerar gerar={gerar} enviando={enviando} />
            </Group>
          </Stack>
        </form>
      </Paper>
      {/* new filters start again at page 1 */}
      {naTela && <TabelaSaldos key={JSON.stringify(naTela)} filtros={naTela} />}
    </Stack>
  );
}
