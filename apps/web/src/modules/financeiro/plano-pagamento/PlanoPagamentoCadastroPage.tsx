/**
 * /planoPagamento/cadastro/:id?/:operacao? (domain.md §2.1): the plan (operation fixed once created, type →
 * NFC-e tPag, parcels generated from quantidade / dias da primeira / intervalo and editable, entrada, sale
 * terms, minimums, acquirer with fee and settlement, espécie, POS / orders) and, on its own tab, the store
 * conditions. Plan fields are read-only without PLANO_PAGAMENTO_INCLUIR/EDITAR; the conditions need the
 * CONDICAO_PAGAMENTO_LOJA ones. The API's 422 shows under the field it names.
 */
import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TextInput,
  Title,
} from '@mantine/core';
import { gerarParcelas, hojeNaZona, TIPOS_CARTAO, TIPOS_PAGAMENTO_PLANO } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errosPorCampo, falhaDaApi, toastDeErro } from '../../../lib/erros';
import { zonaDe } from '../../../lib/datas';
import { toast } from '../../../lib/toasts';
import { aposNavegar } from '../../../servicos/navegacao/navegacao';
import { usePermissao } from '../../../servicos/sessao/permissao';
import { useSessao } from '../../../servicos/sessao/store';
import { CondicoesDaLoja } from './CondicoesDaLoja';
import { adquirentes, especies, obterPlano, type Plano, salvarPlano } from './api';
import { useReiniciarAoSair, useEstadoPlanos, operacaoDe } from './estado';
import { GradeParcelas } from './GradeParcelas';

const novo = (operacao: Plano['operacao']): Plano => ({
  operacao,
  descricao: '',
  tipoPagamento: operacao === 'COMPRA' ? 'BOLETO' : 'DINHEIRO',
  quantidadeParcelas: 1,
  diasPrimeiraParcela: operacao === 'COMPRA' ? 30 : 0,
  intervaloDias: 30,
  possuiEntrada: false,
  percentualEntrada: null,
  parcelas: gerarParcelas({
    quantidadeParcelas: 1,
    diasPrimeiraParcela: operacao === 'COMPRA' ? 30 : 0,
    intervaloDias: 30,
  }),
  percentualAcrescimo: null,
  percentualDesconto: null,
  jurosMensal: null,
  multa: null,
  valorMinimoParcela: null,
  valorMinimoOperacao: null,
  agenteFinanceiroId: null,
  taxaAdministracao: null,
  prazoRecebimentoDias: null,
  especieDocumentoId: null,
  disponivelPdv: false,
  disponivelPedido: false,
});

const api = (t: string | null) => (t === null || t.trim() === '' ? null : t.trim().replace(',', '.'));
const tela = (t: string | null) => (t === null ? '' : t.replace('.', ','));
/** a stored rate ("3.4900") as typed (3,49); what the user is typing passes as it is */
const percentualNaTela = (t: string | null) =>
  t === null ? '' : /^\d+\.\d{4}$/.test(t) ? t.replace(/0{1,2}$/, '').replace('.', ',') : t.replace('.', ',');

export function PlanoPagamentoCadastroPage() {
  useReiniciarAoSair();
  // `/cadastro/venda` (a new plan of that operation) fills `:id` with the operation: only digits are an id
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? params.id : undefined;
  const opDaRota = id ? params.operacao : (params.operacao ?? params.id);
  const navigate = useNavigate();
  const guardada = useEstadoPlanos((s) => s.operacao);
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const hoje = hojeNaZona(zonaDe(lojas.find((l) => l.principal)));
  const podePlano = usePermissao([id ? 'PERM_PLANO_PAGAMENTO_EDITAR' : 'PERM_PLANO_PAGAMENTO_INCLUIR']);
  const [plano, setPlano] = useState<Plano>(() => novo(opDaRota ? operacaoDe(opDaRota) : guardada));
  const [erros, setErros] = useState<Record<string, string>>({});
  const [salvando, setSalvando] = useState(false);
  const [aba, setAba] = useState<string | null>('plano');
  const lido = useQuery({ queryKey: ['plano-pagamento', id], queryFn: () => obterPlano(id!), enabled: !!id });
  const agentes = useQuery({ queryKey: ['adquirentes'], queryFn: adquirentes });
  const especiesQ = useQuery({ queryKey: ['especies-documento'], queryFn: especies });
  useEffect(() => {
    if (lido.data) setPlano({ ...lido.data, parcelas: lido.data.parcelas.map((x) => ({ ...x })) });
  }, [lido.data]);

  const ro = !podePlano;
  const venda = plano.operacao === 'VENDA';
  const mudar = (p: Partial<Plano>) => setPlano((x) => ({ ...x, ...p }));
  const voltar = () => navigate('/planoPagamento');
  const gerar = () =>
    mudar({
      parcelas: gerarParcelas({
        quantidadeParcelas: plano.quantidadeParcelas,
        diasPrimeiraParcela: plano.diasPrimeiraParcela,
        intervaloDias: plano.intervaloDias,
        percentualEntrada: plano.possuiEntrada ? api(plano.percentualEntrada) : null,
      }),
    });

  const salvar = async () => {
    setSalvando(true);
    setErros({});
    try {
      const corpo: Plano = {
        ...plano,
        parcelas: plano.parcelas.map((x) => ({ ...x, percentual: api(x.percentual) ?? '' })),
        percentualEntrada: plano.possuiEntrada ? api(plano.percentualEntrada) : null,
      };
      for (const k of [
        'percentualAcrescimo',
        'percentualDesconto',
        'jurosMensal',
        'multa',
        'taxaAdministracao',
      ] as const)
        corpo[k] = api(corpo[k]);
      const salvo = await salvarPlano(corpo);
      if (id) {
        toast({ type: 'success', title: 'Sucesso', message: 'Plano de pagamento salvo.' });
        setPlano(salvo);
      } else {
        // shown once the navigation to the saved plan ends (navigating clears the toasts)
        aposNavegar({ type: 'success', title: 'Sucesso', message: 'Plano de pagamento incluído.' });
        navigate(`/planoPagamento/cadastro/${salvo.id}/${salvo.operacao.toLowerCase()}`, { replace: true });
      }
    } catch (e) {
      const falha = falhaDaApi(e);
      setErros(errosPorCampo(falha.erros, (c) => c.replace(/\[\d+\]\..*$/, '')).campos);
      toast(toastDeErro(e, { entidade: 'planos de pagamento' }));
    } finally {
      setSalvando(false);
    }
  };

  const percentual = (
    campo: 'percentualAcrescimo' | 'percentualDesconto' | 'jurosMensal' | 'multa' | 'taxaAdministracao',
    label: string,
  ) => (
    <TextInput
      label={label}
      inputMode="decimal"
      value={percentualNaTela(plano[campo])}
      readOnly={ro}
      error={erros[campo]}
      data-cy={`campo-${campo}`}
      onChange={(e) => mudar({ [campo]: e.currentTarget.value })}
    />
  );

  return (
    <Stack gap="sm" data-cy="formulario-registro">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {id ? `Plano de pagamento ${id}` : 'Novo plano de pagamento'}
        </Title>
        <Button variant="subtle" leftSection={<IconArrowLeft size={14} />} onClick={voltar} data-cy="voltar">
          Voltar
        </Button>
      </Group>
      <Tabs value={aba} onChange={setAba}>
        <Tabs.List>
          <Tabs.Tab value="plano">Plano</Tabs.Tab>
          <Tabs.Tab value="condicoes" disabled={!id} data-cy="aba-condicoes">
            Condição da loja
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plano" pt="sm">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <Stack gap={4}>
                <SegmentedControl
                  data={[
                    { value: 'COMPRA', label: 'Compra' },
                    { value: 'VENDA', label: 'Venda' },
                  ]}
                  value={plano.operacao}
                  disabled={!!id || ro}
                  onChange={(v) => mudar({ operacao: operacaoDe(v) })}
                  aria-label="Operação"
                />
              </Stack>
              <TextInput
                label="Descrição"
                required
                value={plano.descricao}
                readOnly={ro}
                error={erros.descricao}
                data-cy="campo-descricao"
                onChange={(e) => mudar({ descricao: e.currentTarget.value })}
              />
              <Select
                label="Tipo de pagamento (NFC-e)"
                data={TIPOS_PAGAMENTO_PLANO.map((t) => ({ value: t.value, label: t.label }))}
                value={plano.tipoPagamento}
                readOnly={ro}
                error={erros.tipoPagamento}
                allowDeselect={false}
                data-cy="campo-tipoPagamento"
                onChange={(v) => v && mudar({ tipoPagamento: v })}
              />
            </SimpleGrid>
            <Group align="flex-end">
              <NumberInput
                label="Quantidade de parcelas"
                w={170}
                min={1}
                max={99}
                allowDecimal={false}
                value={plano.quantidadeParcelas}
                readOnly={ro}
                error={erros.quantidadeParcelas}
                data-cy="campo-quantidadeParcelas"
                onChange={(v) => mudar({ quantidadeParcelas: Number(v) || 0 })}
              />
              <NumberInput
                label="Dias da primeira parcela"
                w={170}
                min={0}
                allowDecimal={false}
                value={plano.diasPrimeiraParcela}
                readOnly={ro}
                error={erros.diasPrimeiraParcela}
                onChange={(v) => mudar({ diasPrimeiraParcela: Number(v) || 0 })}
              />
              <NumberInput
                label="Intervalo (dias)"
                w={140}
                min={0}
                allowDecimal={false}
                value={plano.intervaloDias}
                readOnly={ro}
                error={erros.intervaloDias}
                onChange={(v) => mudar({ intervaloDias: Number(v) || 0 })}
              />
              <Switch
                label="Possui entrada"
                checked={plano.possuiEntrada}
                disabled={ro}
                onChange={(e) => mudar({ possuiEntrada: e.currentTarget.checked })}
                mb={8}
              />
              {plano.possuiEntrada && (
                <TextInput
                  label="Entrada (%)"
                  w={120}
                  inputMode="decimal"
                  value={tela(plano.percentualEntrada)}
                  readOnly={ro}
                  error={erros.percentualEntrada}
                  onChange={(e) => mudar({ percentualEntrada: e.currentTarget.value })}
                />
              )}
              <Button variant="light" onClick={gerar} disabled={ro} data-cy="gerar-parcelas">
                Gerar parcelas
              </Button>
            </Group>
            <GradeParcelas
              parcelas={plano.parcelas}
              aoMudar={(parcelas) => mudar({ parcelas })}
              hoje={hoje}
              somenteLeitura={ro}
              erro={erros.parcelas}
            />
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              {venda && percentual('percentualAcrescimo', 'Acréscimo (%)')}
              {venda && percentual('percentualDesconto', 'Desconto (%)')}
              {venda && percentual('jurosMensal', 'Juros ao mês (%)')}
              {venda && percentual('multa', 'Multa (%)')}
              <TextInput
                label="Valor mínimo da parcela (R$)"
                inputMode="decimal"
                value={tela(plano.valorMinimoParcela)}
                readOnly={ro}
                error={erros.valorMinimoParcela}
                onChange={(e) => mudar({ valorMinimoParcela: api(e.currentTarget.value) })}
              />
              <TextInput
                label="Valor mínimo da operação (R$)"
                inputMode="decimal"
                value={tela(plano.valorMinimoOperacao)}
                readOnly={ro}
                error={erros.valorMinimoOperacao}
                onChange={(e) => mudar({ valorMinimoOperacao: api(e.currentTarget.value) })}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 4 }}>
              <Select
                label="Adquirente"
                placeholder={TIPOS_CARTAO.includes(plano.tipoPagamento) ? 'Obrigatória para cartões' : 'Selecionar'}
                data={(agentes.data?.items ?? []).map((a) => ({ value: String(a.id), label: a.descricao }))}
                value={plano.agenteFinanceiroId ? String(plano.agenteFinanceiroId) : null}
                readOnly={ro}
                clearable
                error={erros.agenteFinanceiroId}
                data-cy="campo-agenteFinanceiroId"
                onChange={(v) => mudar({ agenteFinanceiroId: v ? Number(v) : null })}
              />
              {percentual('taxaAdministracao', 'Taxa de administração (%)')}
              <NumberInput
                label="Recebimento (D+N por parcela)"
                min={0}
                max={365}
                allowDecimal={false}
                value={plano.prazoRecebimentoDias ?? ''}
                readOnly={ro}
                error={erros.prazoRecebimentoDias}
                onChange={(v) => mudar({ prazoRecebimentoDias: v === '' ? null : Number(v) })}
              />
              <Select
                label="Espécie de documento"
                data={(especiesQ.data?.items ?? []).map((e) => ({
                  value: String(e.id),
                  label: `${e.sigla} - ${e.descricao}`,
                }))}
                value={plano.especieDocumentoId ? String(plano.especieDocumentoId) : null}
                readOnly={ro}
                clearable
                error={erros.especieDocumentoId}
                onChange={(v) => mudar({ especieDocumentoId: v ? Number(v) : null })}
              />
            </SimpleGrid>
            <Group>
              {venda && (
                <Switch
                  label="Disponível no PDV"
                  checked={plano.disponivelPdv}
                  disabled={ro}
                  data-cy="campo-disponivelPdv"
                  onChange={(e) => mudar({ disponivelPdv: e.currentTarget.checked })}
                />
              )}
              <Switch
                label="Disponível nos pedidos"
                checked={plano.disponivelPedido}
                disabled={ro}
                onChange={(e) => mudar({ disponivelPedido: e.currentTarget.checked })}
              />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={voltar}>
                Cancelar
              </Button>
              <Button onClick={salvar} loading={salvando} disabled={ro} data-cy="salvar">
                Salvar
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="condicoes" pt="sm">
          {id && plano.id && <CondicoesDaLoja plano={plano} hoje={hoje} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
