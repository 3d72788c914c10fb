/**
 * /acordosComerciais/cadastroAcordosComerciais/:id? (domain §8): a new agreement (saved in RASCUNHO) or one
 * still RASCUNHO or VIGENTE edited. The kind copies its base, form of value and of receipt (editable); supplier
 * or holding; stores; product scope (the supplier's whole line, seções, marcas or products); period and due
 * date; the value (% / R$ per unit / fixed R$) with goals in tiers; the expected value.
 */
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Pill,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  BASES_ACORDO,
  type BaseAcordo,
  comandoAcordo,
  comandoAlterarAcordo,
  ESCOPOS_ACORDO,
  type EscopoAcordo,
  FORMAS_RECEBIMENTO_ACORDO,
  FORMAS_VALOR_ACORDO,
  type FormaRecebimentoAcordo,
  type FormaValorAcordo,
  MSG_ACORDO,
  type MetaAcordo,
  padraoDoTipo,
  ROTULO_BASE_ACORDO,
  ROTULO_ESCOPO_ACORDO,
  ROTULO_FORMA_RECEBIMENTO,
  ROTULO_FORMA_VALOR,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { moedaDigitada, moedaParaEdicao } from '../../../lib/moeda';
import { toast } from '../../../lib/toasts';
import { aposNavegar } from '../../../servicos/navegacao/navegacao';
import { opcoesDeLojas } from '../../../registers/contexto';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { SelecaoMultipla } from '../../../ui/SelecaoMultipla';
import { SelecaoPesquisavel } from '../../../ui/SelecaoPesquisavel';
import { buscarProdutos, rotuloProduto } from '../../produto/busca';
import { obterAcordo, opcoesAcordo } from './api';
import { CampoDataBr } from '../../../ui/CampoDataBr';
import { decimalDigitado, decimalParaEdicao } from './formato';

const MONITORAMENTO = '/acordosComerciais/monitoramento';
interface Faixa {
  /** a stable key while rows are added and removed */
  chave: number;
  meta: string;
  valor: string;
}
let proximaChave = 0;
const novaFaixa = (meta = '', valor = ''): Faixa => ({ chave: ++proximaChave, meta, valor });

export function AcordoCadastroPage() {
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const id = Number(useParams().id) || null;
  const lojasUsuario = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const opcoes = useQuery({ queryKey: ['acordos', 'opcoes'], queryFn: opcoesAcordo, staleTime: 60_000 });
  const existente = useQuery({ queryKey: ['acordos', 'detalhe', id], queryFn: () => obterAcordo(id!), enabled: !!id });
  const criar = useComando(comandoAcordo);
  const alterar = useComando(comandoAlterarAcordo);
  const [tipoAcordoId, setTipo] = useState<string | null>(null);
  const [parceiro, setParceiro] = useState<'fornecedor' | 'holding'>('fornecedor');
  const [parceiroId, setParceiroId] = useState<string | null>(null);
  const [descricao, setDescricao] = useState('');
  const [lojas, setLojas] = useState<string[]>([]);
  const [escopoTipo, setEscopoTipo] = useState<EscopoAcordo>('LINHA_FORNECEDOR');
  const [escopo, setEscopo] = useState<{ value: string; label: string }[]>([]);
  const [inicio, setInicio] = useState('');
  const [fim, setFim] = useState('');
  const [vencimento, setVencimento] = useState('');
  const [base, setBase] = useState<BaseAcordo>('SELL_IN');
  const [formaValor, setFormaValor] = useState<FormaValorAcordo>('PERCENTUAL');
  const [valor, setValor] = useState('');
  const [metaTipo, setMetaTipo] = useState<MetaAcordo>('VALOR');
  const [faixas, setFaixas] = useState<Faixa[]>([]);
  const [formaRecebimento, setFormaRecebimento] = useState<FormaRecebimentoAcordo>('DEPOSITO');
  const [previsto, setPrevisto] = useState('');
  const [observacao, setObservacao] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});

  useEffect(() => {
    const a = existente.data;
    if (!a) return;
    setTipo(String(a.tipoAcordoId));
    setParceiro(a.fornecedorId ? 'fornecedor' : 'holding');
    setParceiroId(String(a.fornecedorId ?? a.holdingId));
    setDescricao(a.descricao ?? '');
    setLojas(a.lojas.map(String));
    setEscopoTipo(a.escopoTipo);
    setEscopo(a.escopoIds.map((i) => ({ value: String(i), label: String(i) })));
    setInicio(a.vigenciaInicio);
    setFim(a.vigenciaFim);
    setVencimento(a.dataVencimento);
    setBase(a.base);
    setFormaValor(a.formaValor);
    setValor(decimalParaEdicao(a.valor));
    setMetaTipo(a.metaTipo);
    setFaixas(a.faixas.map((f) => novaFaixa(decimalParaEdicao(f.meta), decimalParaEdicao(f.valor))));
    setFormaRecebimento(a.formaRecebimento);
    setPrevisto(moedaParaEdicao(a.valorPrevisto));
    setObservacao(a.observacao ?? '');
  }, [existente.data]);

  const escolherTipo = (v: string | null) => {
    setTipo(v);
    const t = opcoes.data?.tipos.find((x) => String(x.id) === v);
    if (!t) return;
    const d = padraoDoTipo(t.formaApuracao);
    setBase(d.base);
    setFormaValor(d.formaValor);
    setFormaRecebimento(t.formaRecebimentoPadrao as FormaRecebimentoAcordo);
  };
  const listaDoEscopo = escopoTipo === 'SECOES' ? opcoes.data?.secoes : opcoes.data?.marcas;
  // a number the user typed that is not one: the server's 422 names the field
  const dec = (t: string) => decimalDigitado(t) ?? (t.trim() ? t : '0');

  const salvar = async () => {
    setErros({});
    const corpo = {
      tipoAcordoId: Number(tipoAcordoId) || 0,
      fornecedorId: parceiro === 'fornecedor' && parceiroId ? Number(parceiroId) : null,
      holdingId: parceiro === 'holding' && parceiroId ? Number(parceiroId) : null,
      descricao: descricao || null,
      lojas: lojas.map(Number),
      escopoTipo,
      escopoIds: escopoTipo === 'LINHA_FORNECEDOR' ? [] : escopo.map((e) => Number(e.value)),
      vigenciaInicio: inicio,
      vigenciaFim: fim,
      dataVencimento: vencimento,
      base,
      formaValor,
      valor: dec(valor),
      metaTipo,
      faixas: faixas.map((f) => ({ meta: dec(f.meta), valor: dec(f.valor) })),
      formaRecebimento,
      valorPrevisto: moedaDigitada(previsto) ?? '0.00',
      observacao: observacao || null,
    };
    try {
      const r = id ? await alterar.executar({ ...corpo, id }) : await criar.executar(corpo);
      aposNavegar({
        type: 'success',
        title: 'Sucesso',
        message: id
          ? `Acordo ${r.numero} alterado.`
          : `Acordo ${r.numero} cadastrado em rascunho: aprove-o no monitoramento.`,
      });
      navigate(MONITORAMENTO);
    } catch (e) {
      const f = falhaDaApi(e);
      if (f?.erros?.length) setErros(Object.fromEntries(f.erros.map((x) => [x.campo.split('.')[0]!, x.mensagem])));
      toast(toastDeErro(e, { entidade: MSG_ACORDO.entidade }));
    }
  };

  const rotuloValor =
    formaValor === 'PERCENTUAL'
      ? 'Percentual (%)'
      : formaValor === 'VALOR_POR_UNIDADE'
        ? 'R$ por unidade'
        : 'Valor fixo (R$)';
  const opcao = (xs: { id: number; descricao: string }[] | undefined) =>
    (xs ?? []).map((x) => ({ value: String(x.id), label: x.descricao }));

  return (
    <Stack gap="sm" data-cy="form-acordo">
      <Title order={1} fz={22} fw={600}>
        {id ? `${titulo} ${existente.data ? `nº ${existente.data.numero}` : ''}` : titulo}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label="Tipo de acordo"
            required
            searchable
            data={opcao(opcoes.data?.tipos)}
            value={tipoAcordoId}
            onChange={escolherTipo}
            error={erros.tipoAcordoId}
            data-cy="acordo-tipo"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="Descrição"
            value={descricao}
            onChange={(e) => setDescricao(e.currentTarget.value)}
            error={erros.descricao}
            data-cy="acordo-descricao"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Text fz="sm" fw={500} mb={4}>
            Acordo com
          </Text>
          <SegmentedControl
            fullWidth
            data={[
              { value: 'fornecedor', label: 'Fornecedor' },
              { value: 'holding', label: 'Holding' },
            ]}
            value={parceiro}
            onChange={(v) => {
              setParceiro(v as 'fornecedor' | 'holding');
              setParceiroId(null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <SelecaoPesquisavel
            label={parceiro === 'fornecedor' ? 'Fornecedor' : 'Holding (todos os seus fornecedores)'}
            tamanho="sm"
            tamanhoPagina={15}
            opcoes={opcao(parceiro === 'fornecedor' ? opcoes.data?.fornecedores : opcoes.data?.holdings)}
            valor={parceiroId}
            aoMudar={(v) => setParceiroId(v)}
            erro={erros.fornecedorId ?? erros.holdingId}
            data-cy="acordo-parceiro"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelecaoMultipla
            label="Lojas"
            tamanho="sm"
            opcoes={opcoesDeLojas(lojasUsuario)}
            valor={lojas}
            aoSalvar={setLojas}
            maxChips={4}
            erro={erros.lojas}
            data-cy="acordo-lojas"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Escopo de produtos"
            data={ESCOPOS_ACORDO.map((e) => ({ value: e, label: ROTULO_ESCOPO_ACORDO[e] }))}
            value={escopoTipo}
            onChange={(v) => {
              setEscopoTipo((v as EscopoAcordo) ?? 'LINHA_FORNECEDOR');
              setEscopo([]);
            }}
            data-cy="acordo-escopo-tipo"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          {escopoTipo === 'SECOES' || escopoTipo === 'MARCAS' ? (
            <SelecaoMultipla
              label={ROTULO_ESCOPO_ACORDO[escopoTipo]}
              tamanho="sm"
              opcoes={opcao(listaDoEscopo)}
              valor={escopo.map((e) => e.value)}
              aoSalvar={(v) => setEscopo(v.map((x) => ({ value: x, label: x })))}
              maxChips={3}
              erro={erros.escopoIds}
              data-cy="acordo-escopo"
            />
          ) : escopoTipo === 'PRODUTOS' ? (
            <Stack gap={4}>
              <SelecaoPesquisavel
                label="Adicionar produto (código, EAN ou descrição)"
                tamanho="sm"
                buscar={async (t) =>
                  (await buscarProdutos(t)).map((p) => ({ value: String(p.id), label: rotuloProduto(p) }))
                }
                valor={null}
                aoMudar={(v, o) => v && o && !escopo.some((e) => e.value === v) && setEscopo([...escopo, o])}
                erro={erros.escopoIds}
                data-cy="acordo-escopo-produto"
              />
              <Group gap={4}>
                {escopo.map((e) => (
                  <Pill key={e.value} withRemoveButton onRemove={() => setEscopo(escopo.filter((x) => x !== e))}>
                    {e.label}
                  </Pill>
                ))}
              </Group>
            </Stack>
          ) : (
            <Text fz="sm" c="dimmed" mt={28}>
              Os produtos ligados ao fornecedor (ou aos fornecedores da holding) no cadastro de produtos.
            </Text>
          )}
          {escopoTipo === 'LINHA_FORNECEDOR' && erros.escopoIds && (
            <Text fz="xs" c="red">
              {erros.escopoIds}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <CampoDataBr
            label="Início da vigência"
            required
            valor={inicio}
            mudar={setInicio}
            erro={erros.vigenciaInicio}
            data-cy="acordo-inicio"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <CampoDataBr
            label="Fim da vigência"
            required
            valor={fim}
            mudar={setFim}
            erro={erros.vigenciaFim}
            data-cy="acordo-fim"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <CampoDataBr
            label="Vencimento"
            required
            valor={vencimento}
            mudar={setVencimento}
            erro={erros.dataVencimento}
            data-cy="acordo-vencimento"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Forma de recebimento"
            data={FORMAS_RECEBIMENTO_ACORDO.map((f) => ({ value: f, label: ROTULO_FORMA_RECEBIMENTO[f] }))}
            value={formaRecebimento}
            onChange={(v) => v && setFormaRecebimento(v as FormaRecebimentoAcordo)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Base"
            data={BASES_ACORDO.map((b) => ({ value: b, label: ROTULO_BASE_ACORDO[b] }))}
            value={base}
            onChange={(v) => v && setBase(v as BaseAcordo)}
            data-cy="acordo-base"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Forma do valor"
            data={FORMAS_VALOR_ACORDO.map((f) => ({ value: f, label: ROTULO_FORMA_VALOR[f] }))}
            value={formaValor}
            onChange={(v) => v && setFormaValor(v as FormaValorAcordo)}
            data-cy="acordo-forma-valor"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label={rotuloValor}
            required
            value={valor}
            onChange={(e) => setValor(e.currentTarget.value)}
            error={erros.valor}
            data-cy="acordo-valor"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="Valor previsto (R$)"
            value={previsto}
            onChange={(e) => setPrevisto(e.currentTarget.value)}
            error={erros.valorPrevisto}
            data-cy="acordo-previsto"
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group align="flex-end" gap="sm">
            <Text fz="sm" fw={500}>
              Metas (rappel): a maior faixa atingida substitui o valor
            </Text>
            <SegmentedControl
              size="xs"
              data={[
                { value: 'VALOR', label: 'em R$' },
                { value: 'QUANTIDADE', label: 'em unidades' },
              ]}
              value={metaTipo}
              onChange={(v) => setMetaTipo(v as MetaAcordo)}
            />
            <Button
              size="xs"
              variant="light"
              onClick={() => setFaixas([...faixas, novaFaixa()])}
              data-cy="acordo-faixa-nova"
            >
              Adicionar faixa
            </Button>
          </Group>
          {faixas.map((f, i) => (
            <Group key={f.chave} gap="sm" mt={6} data-cy="acordo-faixa">
              <Text fz="sm" w={40}>
                {i + 1}ª
              </Text>
              <TextInput
                aria-label={`Meta da ${i + 1}ª faixa`}
                placeholder={metaTipo === 'VALOR' ? 'Meta (R$)' : 'Meta (unidades)'}
                w={160}
                value={f.meta}
                onChange={(e) => setFaixas(faixas.map((x, k) => (k === i ? { ...x, meta: e.currentTarget.value } : x)))}
              />
              <TextInput
                aria-label={`Valor da ${i + 1}ª faixa`}
                placeholder={rotuloValor}
                w={160}
                value={f.valor}
                onChange={(e) =>
                  setFaixas(faixas.map((x, k) => (k === i ? { ...x, valor: e.currentTarget.value } : x)))
                }
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover a ${i + 1}ª faixa`}
                onClick={() => setFaixas(faixas.filter((_, k) => k !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          {erros.faixas && (
            <Text fz="xs" c="red">
              {erros.faixas}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label="Observação"
            autosize
            minRows={2}
            value={observacao}
            onChange={(e) => setObservacao(e.currentTarget.value)}
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate(MONITORAMENTO)}>
          Cancelar
        </Button>
        <Button onClick={salvar} loading={criar.enviando || alterar.enviando} data-cy="acordo-salvar">
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
