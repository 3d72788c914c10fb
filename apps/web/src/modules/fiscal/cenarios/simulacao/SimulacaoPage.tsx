/**
 * /fiscal/cenarios-fiscais/simular (PERM_CENARIOS_FISCAIS_ACESSO): pick product, store, operation, model,
 * destination UF and optionally value, quantity and date → the engine's full result (CFOP, CST/CSOSN, ICMS, FCP,
 * ST, DIFAL, IPI, PIS, COFINS) and every candidate rule with why it applied or lost. Keyboard-first: the
 * product takes the focus, Enter looks it up and then moves on, Enter on the last field simulates, Esc closes
 * the product choices. `?produtoId=&lojaId=` (the cobertura's links) fills product and store.
 */
import { Alert, Button, Grid, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { MODELOS, type ResultadoSimulacao, TIPOS_OPERACAO, UFS } from '@retaguarda/domain';
import { IconCalculator, IconListDetails } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRotaAtual } from '../../../../app/shell/useRotaAtual';
import { useSessao } from '../../../../app/session/store';
import { api } from '../../../../lib/api';
import { falhaDaApi } from '../../../../lib/erros';
import { aoTeclarEnterAvanca, focarPrimeiroCampo } from '../../../../ui/useEnterAvanca';
import type { ProdutoResumo } from '../../../produto/busca';
import { ProdutoPorCodigo } from '../../../produto/ProdutoPorCodigo';
import { simularCenario } from './api';
import { type CamposSimulacao, corpoDaSimulacao, type ErrosSimulacao } from './formulario';
import { ResultadoSimulacaoView } from './ResultadoSimulacao';

const ROTULO_OPERACAO = (t: string) => t.charAt(0) + t.slice(1).toLowerCase().replaceAll('_', ' ');

export function SimulacaoPage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const lojas = (usuario?.lojasUsuario ?? []) as {
    id: number;
    sigla: string;
    fantasia: string;
    principal?: boolean;
    uf?: string;
  }[];
  const [url] = useSearchParams();
  const lojaInicial =
    lojas.find((l) => l.id === Number(url.get('lojaId'))) ?? lojas.find((l) => l.principal) ?? lojas[0];
  const [campos, setCampos] = useState<CamposSimulacao>({
    produtoId: null,
    lojaId: lojaInicial?.id ?? null,
    tipoOperacao: 'VENDA',
    modelo: '65',
    ufDestino: lojaInicial?.uf ?? null,
    data: '',
    valor: '',
    quantidade: '1',
  });
  const [erros, setErros] = useState<ErrosSimulacao>({});
  const [produto, setProduto] = useState<ProdutoResumo | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const simulacao = useMutation<ResultadoSimulacao, unknown, Parameters<typeof simularCenario>[0]>({
    mutationFn: simularCenario,
  });

  useEffect(() => {
    focarPrimeiroCampo(form.current);
  }, []);
  // the session may arrive after the first render: then the store (and its UF) is preselected
  useEffect(() => {
    if (campos.lojaId || !lojaInicial) return;
    setCampos((c) => ({ ...c, lojaId: lojaInicial.id, ufDestino: c.ufDestino ?? lojaInicial.uf ?? null }));
  }, [campos.lojaId, lojaInicial]);
  const produtoDaUrl = Number(url.get('produtoId')) || null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link (escolher only sets state)
  useEffect(() => {
    if (!produtoDaUrl) return;
    void api<ProdutoResumo>(`/api/v1/produto/produtos/${produtoDaUrl}`)
      .then((p) => escolher(p))
      .catch(() => undefined);
  }, [produtoDaUrl]);

  function escolher(p: ProdutoResumo | null) {
    setProduto(p);
    if (p) setErros((e) => ({ ...e, produtoId: undefined }));
    setCampos((c) => ({ ...c, produtoId: p?.id ?? null }));
  }

  function simular() {
    const r = corpoDaSimulacao(campos);
    if ('erros' in r) {
      setErros(r.erros);
      return;
    }
    setErros({});
    simulacao.mutate(r.corpo);
  }

  const aoTeclar = (e: KeyboardEvent<HTMLFormElement>) => {
    aoTeclarEnterAvanca(e, { aoUltimo: simular });
  };
  const mudar = <K extends keyof CamposSimulacao>(k: K, v: CamposSimulacao[K]) => {
    setCampos((c) => ({ ...c, [k]: v }));
    setErros((e) => ({ ...e, [k]: undefined }));
  };

  const falha = simulacao.error ? falhaDaApi(simulacao.error) : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Button
          component={Link}
          to="/fiscal/cenarios-fiscais/cobertura"
          variant="default"
          leftSection={<IconListDetails size={16} />}
          data-cy="simulacao-ir-cobertura"
        >
          Cobertura
        </Button>
      </Group>
      <form
        ref={form}
        noValidate
        onKeyDown={aoTeclar}
        onSubmit={(e) => {
          e.preventDefault();
          simular();
        }}
        data-cy="simulacao-filtros"
      >
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ProdutoPorCodigo
              escolhido={produto}
              aoMudar={escolher}
              erro={erros.produtoId}
              aoErro={(m) => setErros((e) => ({ ...e, produtoId: m }))}
              proximo="simulacao-loja"
              data-cy="simulacao-produto"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              label="Loja"
              required
              searchable
              selectFirstOptionOnChange
              data={lojas.map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia}` }))}
              value={campos.lojaId ? String(campos.lojaId) : null}
              onChange={(v) => mudar('lojaId', v ? Number(v) : null)}
              error={erros.lojaId}
              data-cy="simulacao-loja"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              label="Operação"
              required
              searchable
              allowDeselect={false}
              data={TIPOS_OPERACAO.map((t) => ({ value: t, label: ROTULO_OPERACAO(t) }))}
              value={campos.tipoOperacao}
              onChange={(v) => v && mudar('tipoOperacao', v as CamposSimulacao['tipoOperacao'])}
              data-cy="simulacao-operacao"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <Select
              label="Modelo"
              required
              allowDeselect={false}
              data={MODELOS.map((m) => ({ value: m, label: m === '65' ? '65 - NFC-e' : '55 - NF-e' }))}
              value={campos.modelo}
              onChange={(v) => v && mudar('modelo', v as CamposSimulacao['modelo'])}
              data-cy="simulacao-modelo"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <Select
              label="UF de destino"
              required
              searchable
              selectFirstOptionOnChange
              data={[...UFS].sort()}
              value={campos.ufDestino}
              onChange={(v) => mudar('ufDestino', v)}
              error={erros.ufDestino}
              data-cy="simulacao-uf"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 4, md: 2 }}>
            <TextInput
              label="Valor unitário"
              placeholder="preço da loja"
              value={campos.valor}
              onChange={(e) => mudar('valor', e.currentTarget.value)}
              error={erros.valor}
              data-cy="simulacao-valor"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 4, md: 2 }}>
            <TextInput
              label="Quantidade"
              value={campos.quantidade}
              onChange={(e) => mudar('quantidade', e.currentTarget.value)}
              error={erros.quantidade}
              data-cy="simulacao-quantidade"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 4, md: 2 }}>
            <TextInput
              label="Data"
              placeholder="hoje"
              value={campos.data}
              onChange={(e) => mudar('data', e.currentTarget.value)}
              error={erros.data}
              data-cy="simulacao-data"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }}>
            <Button
              type="submit"
              fullWidth
              leftSection={<IconCalculator size={16} />}
              loading={simulacao.isPending}
              data-cy="simulacao-simular"
            >
              Simular
            </Button>
          </Grid.Col>
        </Grid>
      </form>
      {falha && (
        <Alert color="red" data-cy="simulacao-erro">
          {[falha.message, ...falha.reasons].filter(Boolean).join(' ') || 'Não foi possível simular.'}
        </Alert>
      )}
      {simulacao.data ? (
        <ResultadoSimulacaoView r={simulacao.data} />
      ) : (
        !falha && (
          <Text c="dimmed" fz="sm" data-cy="simulacao-instrucao">
            Escolha o produto, a loja, a operação e a UF de destino e tecle Enter (ou Simular).
          </Text>
        )
      )}
    </Stack>
  );
}
