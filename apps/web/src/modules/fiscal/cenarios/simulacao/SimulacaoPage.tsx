/**
 * /fiscal/cenarios-fiscais/simular (PERM_CENARIOS_FISCAIS_ACESSO): pick product, store, operation, model,
 * destination UF and optionally value, quantity and date → the engine's full result (CFOP, CST/CSOSN, ICMS, FCP,
 * ST, DIFAL, IPI, PIS, COFINS) and every candidate rule with why it applied or lost. Keyboard-first: the
 * product takes the focus, Enter looks it up and then moves on, Enter on the last field simulates, Esc closes
 * the product choices. `?produtoId=&lojaId=` (the cobertura's links) fills product and store. The form is
 * react-hook-form over the domain's contract (formulario.ts); the server's field errors land on the fields.
 */
import { Alert, Button, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  type EntradaSimulacao,
  frase,
  MODELOS,
  type ResultadoSimulacao,
  TIPOS_OPERACAO,
  UFS,
} from '@retaguarda/domain';
import { IconCalculator, IconListDetails } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useRotaAtual } from '../../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../../servicos/sessao/store';
import { api } from '../../../../lib/api';
import { falhaDaApi, mostrarErrosNosCampos } from '../../../../lib/erros';
import { DataInput } from '../../../../registers/fields/data';
import { DecimalInput, DinheiroInput } from '../../../../registers/fields/numero';
import { aoTeclarEnterAvanca, focarPrimeiroCampo } from '../../../../ui/useEnterAvanca';
import type { ProdutoResumo } from '../../../produto/busca';
import { ProdutoPorCodigo } from '../../../produto/ProdutoPorCodigo';
import { simularCenario } from './api';
import { CAMPOS_SIMULACAO, resolverSimulacao, type ValoresSimulacao, valoresIniciais } from './formulario';
import { ResultadoSimulacaoView } from './ResultadoSimulacao';

const ROTULO_OPERACAO = (t: string) => t.charAt(0) + t.slice(1).toLowerCase().replaceAll('_', ' ');
const msg = (e?: { message?: string }) => (e?.message ? frase(e.message) : undefined);

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
  const { control, handleSubmit, setValue, getValues, setError, clearErrors, formState } = useForm<
    ValoresSimulacao,
    unknown,
    EntradaSimulacao
  >({ resolver: resolverSimulacao, defaultValues: valoresIniciais(lojaInicial) });
  const erros = formState.errors;
  const [produto, setProduto] = useState<ProdutoResumo | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const simulacao = useMutation<ResultadoSimulacao, unknown, EntradaSimulacao>({
    mutationFn: simularCenario,
    onError: (e) => mostrarErrosNosCampos(falhaDaApi(e), setError),
  });

  useEffect(() => {
    focarPrimeiroCampo(form.current);
  }, []);
  // the session may arrive after the first render: then the store (and its UF) is preselected
  useEffect(() => {
    if (getValues('lojaId') || !lojaInicial) return;
    setValue('lojaId', lojaInicial.id);
    if (!getValues('ufDestino')) setValue('ufDestino', lojaInicial.uf as ValoresSimulacao['ufDestino']);
  }, [lojaInicial, getValues, setValue]);
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
    setValue('produtoId', p?.id as number, { shouldValidate: !!p });
  }

  const simular = handleSubmit((corpo) => simulacao.mutate(corpo));
  const aoTeclar = (e: KeyboardEvent<HTMLFormElement>) => {
    aoTeclarEnterAvanca(e, { aoUltimo: () => void simular() });
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
          void simular();
        }}
        data-cy="simulacao-filtros"
      >
        <Grid align="flex-start">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ProdutoPorCodigo
              escolhido={produto}
              aoMudar={escolher}
              erro={msg(erros.produtoId)}
              aoErro={(m) => (m ? setError('produtoId', { type: 'busca', message: m }) : clearErrors('produtoId'))}
              proximo="simulacao-loja"
              data-cy="simulacao-produto"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name="lojaId"
              render={({ field }) => (
                <Select
                  label="Loja"
                  required
                  searchable
                  selectFirstOptionOnChange
                  data={lojas.map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia}` }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                  onBlur={field.onBlur}
                  error={msg(erros.lojaId)}
                  data-cy="simulacao-loja"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Controller
              control={control}
              name="tipoOperacao"
              render={({ field }) => (
                <Select
                  label="Operação"
                  required
                  searchable
                  allowDeselect={false}
                  data={TIPOS_OPERACAO.map((t) => ({ value: t, label: ROTULO_OPERACAO(t) }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  error={msg(erros.tipoOperacao)}
                  data-cy="simulacao-operacao"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <Controller
              control={control}
              name="modelo"
              render={({ field }) => (
                <Select
                  label="Modelo"
                  required
                  allowDeselect={false}
                  data={MODELOS.map((m) => ({ value: m, label: m === '65' ? '65 - NFC-e' : '55 - NF-e' }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  error={msg(erros.modelo)}
                  data-cy="simulacao-modelo"
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <Controller
              control={control}
              name="ufDestino"
              render={({ field }) => (
                <Select
                  label="UF de destino"
                  required
                  searchable
                  selectFirstOptionOnChange
                  data={[...UFS].sort()}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  onBlur={field.onBlur}
                  error={msg(erros.ufDestino)}
                  data-cy="simulacao-uf"
                />
              )}
            />
          </Grid.Col>
          {(['valor', 'quantidade', 'data'] as const).map((nome) => {
            const Entrada = nome === 'valor' ? DinheiroInput : nome === 'data' ? DataInput : DecimalInput;
            return (
              <Grid.Col key={nome} span={{ base: 4, md: 2 }}>
                <Controller
                  control={control}
                  name={nome}
                  render={({ field }) => (
                    <Entrada
                      field={CAMPOS_SIMULACAO[nome]}
                      caminho={nome}
                      dataCy={`simulacao-${nome}`}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      erro={msg(erros[nome])}
                    />
                  )}
                />
              </Grid.Col>
            );
          })}
          <Grid.Col span={{ base: 12, md: 2 }} style={{ alignSelf: 'flex-end' }}>
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
            Escolha o produto, a loja, a operação e a UF de destino e tecle Enter (ou Simular). Sem valor, vale o preço
            da loja; sem data, hoje na loja.
          </Text>
        )
      )}
    </Stack>
  );
}
