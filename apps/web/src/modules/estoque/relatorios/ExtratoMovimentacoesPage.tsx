/**
 * /estoque/extrato-movimentacoes: the filters of the movements statement (period, stores, types,
 * section/brand/supplier, product); 'Gerar PDF' / 'Gerar Excel' ask the report, generated in the
 * background (header's list), opened from the bell's notice in the viewer. Enter walks the fields.
 */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  MSG_RELATORIO_ESTOQUE,
  pedidoExtratoMovimentacoes,
  ROTULO_TIPO_MOVIMENTO,
  TIPOS_MOVIMENTO,
  type TipoMovimento,
} from '@retaguarda/domain';
import { useState } from 'react';
import { useSessao } from '../../../servicos/sessao/store';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { zonaDe } from '../../../lib/datas';
import { SelecaoMultipla } from '../../../ui/SelecaoMultipla';
import { SelecaoPesquisavel } from '../../../ui/SelecaoPesquisavel';
import { aoTeclarEnterAvanca } from '../../../ui/useEnterAvanca';
import { useSolicitarRelatorio } from '../../relatorios/useSolicitarRelatorio';
import { buscarProdutos, solicitarExtratoMovimentacoes } from './api';
import { BotoesGerar, CampoData, COMUNS_VAZIOS, FiltrosDeLojaEProduto, type ValoresComuns } from './CamposRelatorio';
import { dataDaTela, ids, mesCorrente, validar } from './filtros';

const TIPOS = TIPOS_MOVIMENTO.map((t) => ({ value: t, label: ROTULO_TIPO_MOVIMENTO[t] }));

export function ExtratoMovimentacoesPage() {
  const { titulo } = useRotaAtual();
  // a report spans stores: the period proposed is the principal store's month
  const principal = useSessao((s) => s.usuario?.lojasUsuario.find((l) => l.principal));
  const [periodo, setPeriodo] = useState(() => mesCorrente(zonaDe(principal)));
  const [comuns, setComuns] = useState<ValoresComuns>(COMUNS_VAZIOS);
  const [tipos, setTipos] = useState<string[]>([]);
  const [produto, setProduto] = useState<{ id: string; rotulo: string } | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const { enviando, solicitar } = useSolicitarRelatorio(MSG_RELATORIO_ESTOQUE.entidadeMovimentacoes);

  const gerar = (formato: 'PDF' | 'XLSX') => {
    const r = validar(pedidoExtratoMovimentacoes, {
      formato,
      de: dataDaTela(periodo.de),
      ate: dataDaTela(periodo.ate),
      lojas: ids(comuns.lojas),
      tipos: tipos as TipoMovimento[],
      secoes: ids(comuns.secoes),
      marcas: ids(comuns.marcas),
      fornecedores: ids(comuns.fornecedores),
      produtos: produto ? [Number(produto.id)] : [],
    });
    setErros(r.erros ?? {});
    if (r.corpo) void solicitar(() => solicitarExtratoMovimentacoes(r.corpo));
  };

  return (
    <Stack gap="md" data-cy="extrato-movimentacoes">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <Paper withBorder p="md" radius="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            gerar('PDF');
          }}
          onKeyDown={(e) => aoTeclarEnterAvanca(e)}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <CampoData
                label="Data inicial"
                valor={periodo.de}
                mudar={(de) => setPeriodo((p) => ({ ...p, de }))}
                erro={erros.de}
                data-cy="filtro-de"
                ref={(el) => {
                  // the first field takes the focus when the screen opens
                  if (el && !el.dataset.focado) {
                    el.dataset.focado = '1';
                    el.focus();
                  }
                }}
              />
              <CampoData
                label="Data final"
                valor={periodo.ate}
                mudar={(ate) => setPeriodo((p) => ({ ...p, ate }))}
                erro={erros.ate}
                data-cy="filtro-ate"
              />
              <SelecaoMultipla
                label="Tipos de movimento"
                placeholder="Todos"
                opcoes={TIPOS}
                valor={tipos}
                aoSalvar={setTipos}
                erro={erros.tipos}
                data-cy="filtro-tipos"
              />
              <SelecaoPesquisavel
                tamanhoPagina={15}
                label="Produto"
                placeholder="Todos (digite código ou descrição)"
                buscar={async (texto) =>
                  (await buscarProdutos(texto)).map((p) => ({
                    value: String(p.id),
                    label: `${p.codigo} - ${p.descricao}`,
                  }))
                }
                valor={produto?.id ?? null}
                rotuloValor={produto?.rotulo}
                aoMudar={(v, o) => setProduto(v ? { id: v, rotulo: o?.label ?? v } : null)}
                erro={erros.produtos}
                data-cy="filtro-produto"
              />
              <FiltrosDeLojaEProduto valores={comuns} mudar={(v) => setComuns((c) => ({ ...c, ...v }))} erros={erros} />
            </SimpleGrid>
            <Text fz="sm" c="dimmed">
              Filtros vazios incluem tudo. O Excel traz todos os movimentos; o PDF, os primeiros 5.000. Os totais por
              loja e tipo somam todos.
            </Text>
            <BotoesGerar gerar={gerar} enviando={enviando} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
