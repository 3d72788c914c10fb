/**
 * /estoque/saldo-estoque: the balance per store, location and product at the end of a day, valued at
 * the average cost of that day, filtered by stores, section/brand/supplier and the stock situation;
 * Consultar (Enter) shows the balances on screen with totals per store (#27.9: the day, stores and sections
 * apply; brand, supplier and situation only to the files); 'Gerar' asks the report in the chosen format and
 * downloads it as the old page did (gerar-na-hora.ts). A legacy screen (/vf, api-compat C12): it keeps the old
 * page's DOM robots use — three `div.panel.panel-default` (the stores' link in the second), the link whose
 * onclick is `jQuery.iniciaPopupAdcaoDeLoja()` opening the store popup, `#ambos`, `#situacaoEmEstoquePositivo`,
 * `#formatoXLS`, `#gerar`.
 */
import { Anchor, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import {
  MSG_RELATORIO_ESTOQUE,
  ONCLICK_POPUP_LOJAS,
  pedidoSaldoEstoque,
  ROTULO_SITUACAO_SALDO,
  type SituacaoSaldo,
} from '@retaguarda/domain';
import { useEffect, useState } from 'react';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { useArquivosEmProcessamento } from '../../../servicos/processamento/arquivos.store';
import { useSessao } from '../../../servicos/sessao/store';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { hojeNaLoja } from '../../../lib/datas';
import { aoTeclarEnterAvanca } from '../../../ui/useEnterAvanca';
import { CampoData, COMUNS_VAZIOS, FiltrosDeLojaEProduto, type ValoresComuns } from './CamposRelatorio';
import { dataDaTela, ids, validar } from './filtros';
import { gerarEBaixar } from './gerar-na-hora';
import { PopupLojas } from './PopupLojas';
import { type FiltrosSaldos, TabelaSaldos } from './TabelaSaldos';

/** The situations as the old page's radios, with its ids (UI robots click `#ambos`, `#situacaoEmEstoquePositivo`). */
const SITUACOES: { valor: SituacaoSaldo; id: string }[] = [
  { valor: 'POSITIVO', id: 'situacaoEmEstoquePositivo' },
  { valor: 'NEGATIVO', id: 'situacaoEmEstoqueNegativo' },
  { valor: 'ZERO', id: 'situacaoEmEstoqueZerado' },
  { valor: 'AMBOS', id: 'ambos' },
  { valor: 'TODOS', id: 'todos' },
];

declare global {
  interface Window {
    /** the old page's jQuery plugin namespace: only the store popup lives on here */
    jQuery?: { iniciaPopupAdcaoDeLoja?: () => void };
  }
}

/** The old pages' panel (Bootstrap 3 classes: robots count `div.panel.panel-default`). */
function Painel({ titulo, children }: { titulo: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" className="panel panel-default">
      <Text fw={600} fz="sm" mb="sm" className="panel-heading">
        {titulo}
      </Text>
      <div className="panel-body">{children}</div>
    </Paper>
  );
}

export function SaldoEstoquePage() {
  const { titulo } = useRotaAtual();
  // a report spans stores: the date proposed is the principal store's today
  const lojasUsuario = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const principal = lojasUsuario.find((l) => l.principal);
  const [data, setData] = useState(() => hojeNaLoja(principal));
  const [situacao, setSituacao] = useState<SituacaoSaldo>('AMBOS');
  const [formato, setFormato] = useState<'PDF' | 'XLSX'>('XLSX');
  const [comuns, setComuns] = useState<ValoresComuns>(COMUNS_VAZIOS);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [gerando, setGerando] = useState(false);
  const [popup, setPopup] = useState(false);
  const [naTela, setNaTela] = useState<FiltrosSaldos | null>(null);
  const adicionarArquivo = useArquivosEmProcessamento((s) => s.adicionar);

  // the old page's global, which its store link's onclick (and robots) call
  useEffect(() => {
    const jq = window.jQuery ?? {};
    window.jQuery = jq;
    jq.iniciaPopupAdcaoDeLoja = () => setPopup(true);
    return () => {
      delete jq.iniciaPopupAdcaoDeLoja;
    };
  }, []);

  const pedido = (f: 'PDF' | 'XLSX') =>
    validar(pedidoSaldoEstoque, {
      formato: f,
      data: dataDaTela(data),
      situacao,
      lojas: ids(comuns.lojas),
      secoes: ids(comuns.secoes),
      marcas: ids(comuns.marcas),
      fornecedores: ids(comuns.fornecedores),
    });

  const consultar = () => {
    const r = pedido('PDF');
    setErros(r.erros ?? {});
    if (r.corpo) setNaTela({ data: r.corpo.data, lojas: r.corpo.lojas ?? [], secoes: r.corpo.secoes ?? [] });
  };

  const gerar = async () => {
    const r = pedido(formato);
    setErros(r.erros ?? {});
    if (!r.corpo) return;
    setGerando(true);
    try {
      const feito = await gerarEBaixar(r.corpo);
      if (feito.tipo === 'segundo-plano') {
        const { id, tipo, titulo: t } = feito.relatorio;
        adicionarArquivo({ id, tipo, titulo: t });
        toast({
          type: 'info',
          title: 'Relatório solicitado',
          message: `${t}: você será avisado pelo sino de notificações quando o arquivo estiver pronto.`,
        });
      }
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_RELATORIO_ESTOQUE.entidadeSaldo }));
    } finally {
      setGerando(false);
    }
  };

  const adicionarLojas = (novas: number[]) =>
    setComuns((c) => ({ ...c, lojas: [...new Set([...c.lojas, ...novas.map(String)])] }));

  return (
    <Stack gap="md" data-cy="saldo-estoque">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          consultar();
        }}
        onKeyDown={(e) => aoTeclarEnterAvanca(e)}
      >
        <Stack gap="md">
          <Painel titulo="Data e situação do estoque">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
              <Radio.Group
                label="Situação do estoque"
                description={MSG_RELATORIO_ESTOQUE.dicaSituacao}
                value={situacao}
                onChange={(v) => setSituacao(v as SituacaoSaldo)}
                error={erros.situacao}
                data-cy="filtro-situacao"
              >
                <Group gap="md" mt={6}>
                  {SITUACOES.map((s) => (
                    <Radio key={s.valor} id={s.id} value={s.valor} label={ROTULO_SITUACAO_SALDO[s.valor]} />
                  ))}
                </Group>
              </Radio.Group>
            </SimpleGrid>
          </Painel>
          <Painel titulo="Lojas e produtos">
            <Stack gap="sm">
              <Anchor
                href="#"
                fz="sm"
                data-cy="adicionar-lojas"
                // the old inline handler (robots select the link by it); the CSP allows this one by its hash
                ref={(el) => el?.setAttribute('onclick', ONCLICK_POPUP_LOJAS)}
                onClick={(e) => e.preventDefault()}
              >
                Adicionar lojas pelo código
              </Anchor>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                <FiltrosDeLojaEProduto
                  valores={comuns}
                  mudar={(v) => setComuns((c) => ({ ...c, ...v }))}
                  erros={erros}
                />
              </SimpleGrid>
            </Stack>
          </Painel>
          <Painel titulo="Arquivo">
            <Stack gap="sm">
              <Radio.Group value={formato} onChange={(v) => setFormato(v as 'PDF' | 'XLSX')} label="Formato">
                <Group gap="md" mt={6}>
                  <Radio id="formatoPDF" value="PDF" label="PDF" />
                  <Radio id="formatoXLS" value="XLSX" label="Excel" />
                </Group>
              </Radio.Group>
              <Text fz="sm" c="dimmed">
                Saldo de cada loja, local e produto no fim do dia informado (lançamentos retroativos incluídos),
                valorizado pelo custo médio daquela data. Filtros vazios incluem tudo; totais por loja no fim.
              </Text>
              <Group gap="sm">
                <Button type="submit" leftSection={<IconSearch size={16} />} data-cy="saldos-consultar">
                  Consultar
                </Button>
                <Button
                  id="gerar"
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  loading={gerando}
                  onClick={() => void gerar()}
                  data-cy="gerar"
                >
                  Gerar
                </Button>
              </Group>
            </Stack>
          </Painel>
        </Stack>
      </form>
      <PopupLojas aberto={popup} fechar={() => setPopup(false)} lojas={lojasUsuario} concluir={adicionarLojas} />
      {/* new filters start again at page 1 */}
      {naTela && <TabelaSaldos key={JSON.stringify(naTela)} filtros={naTela} />}
    </Stack>
  );
}
