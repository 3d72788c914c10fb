/**
 * A new stock requisition: the requesting end (the user's stores and their locations), the origin (any store
 * of the same company — another CNPJ root is a sale — and its locations), the motivo (it says whether an
 * approval comes first), observação and the shared item grid (code or scanner, quantity, Enter; collector
 * files). Keyboard: the store has the focus, Enter moves on, Ctrl+S saves, Esc goes back. Validated by the
 * domain contract; saved through useComando (one Idempotency-Key per submission).
 */
import { Grid, Select, Text, Textarea } from '@mantine/core';
import { comandoRequisicao, type EntradaRequisicaoEstoque, MSG_REQUISICAO } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errosJaNosCampos, useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { opcoesDeLojas } from '../../../registers/contexto';
import { FormularioDocumento } from '../../../ui/documento/FormularioDocumento';
import { rascunhoDoDocumento } from '../../../ui/documento/rascunho';
import { useVoltarComPergunta } from '../../../ui/PerguntaDescartar';
import { chaveRascunho } from '../../../ui/rascunho';
import { fontesDeProduto } from '../../produto/grade';
import { listarLocais } from '../api';
import { listarMotivos, listarOrigens } from './api';
import { resolverRequisicao, type ValoresRequisicao } from './formulario';

interface Props {
  lojas: readonly { id: number; sigla?: string; fantasia?: string; principal: boolean }[];
  aoVoltar: () => void;
  aoSalvar: () => void;
}

const opcao = (id: number, texto: string) => ({ value: String(id), label: texto });
type Campo = 'lojaDestinoId' | 'localDestinoId' | 'lojaOrigemId' | 'localOrigemId' | 'motivoId';

export function RequisicaoFormulario({ lojas, aoVoltar, aoSalvar }: Props) {
  const principal = lojas.find((l) => l.principal) ?? lojas[0];
  const form = useForm<ValoresRequisicao, unknown, EntradaRequisicaoEstoque>({
    defaultValues: {
      lojaDestinoId: principal?.id ?? null,
      localDestinoId: null,
      lojaOrigemId: principal?.id ?? null,
      localOrigemId: null,
      motivoId: null,
      observacao: '',
      itens: [],
    },
    resolver: resolverRequisicao,
  });
  const { control, register, handleSubmit, setValue, setError, formState } = form;
  const requisicao = useComando(comandoRequisicao, { form: { setError } });
  const rascunho = useMemo(
    () =>
      rascunhoDoDocumento(
        form,
        chaveRascunho('/estoque/requisicoes', 'novo'),
        (v) => (v.itens?.length ?? 0) > 0 || !!v.observacao?.trim(),
      ),
    [form],
  );
  const lojaDestinoId = useWatch({ control, name: 'lojaDestinoId' });
  const localDestinoId = useWatch({ control, name: 'localDestinoId' });
  const lojaOrigemId = useWatch({ control, name: 'lojaOrigemId' });
  const localOrigemId = useWatch({ control, name: 'localOrigemId' });
  const motivoId = useWatch({ control, name: 'motivoId' });
  const locaisDestino = useQuery({
    queryKey: ['locais-estoque', lojaDestinoId],
    queryFn: () => listarLocais(lojaDestinoId!),
    enabled: !!lojaDestinoId,
    select: (l) => l.filter((x) => x.tipo !== 'TRANSITO'),
  });
  const origens = useQuery({ queryKey: ['requisicao-origens'], queryFn: listarOrigens });
  const motivos = useQuery({ queryKey: ['motivos-requisicao-ativos'], queryFn: listarMotivos });
  const raiz = origens.data?.items.find((d) => d.id === lojaDestinoId)?.raizCnpj;
  const lojasOrigem = useMemo(
    () => (origens.data?.items ?? []).filter((d) => !raiz || d.raizCnpj === raiz),
    [origens.data, raiz],
  );
  const locaisOrigem = (lojasOrigem.find((d) => d.id === lojaOrigemId)?.locais ?? []).filter(
    (l) => l.id !== localDestinoId,
  );
  const motivo = motivos.data?.items.find((m) => m.id === motivoId);

  // defaults: the requester's sale floor asks the store's warehouse (or its first other location)
  useEffect(() => {
    const l = locaisDestino.data;
    if (l?.length && !l.some((x) => x.id === localDestinoId))
      setValue('localDestinoId', (l.find((x) => x.tipo === 'LOJA') ?? l[0]!).id);
  }, [locaisDestino.data, localDestinoId, setValue]);
  useEffect(() => {
    if (locaisOrigem.length && !locaisOrigem.some((x) => x.id === localOrigemId))
      setValue('localOrigemId', (locaisOrigem.find((x) => x.tipo === 'DEPOSITO') ?? locaisOrigem[0]!).id);
  }, [locaisOrigem, localOrigemId, setValue]);

  const salvar = handleSubmit(async (entrada) => {
    try {
      const r = await requisicao.executar(entrada);
      toast({ type: 'success', title: 'Sucesso', message: r.mensagem });
      aoSalvar();
    } catch (e) {
      if (!errosJaNosCampos(e)) toast(toastDeErro(e, { entidade: MSG_REQUISICAO.entidade }));
    }
  });

  const { voltar, pergunta } = useVoltarComPergunta(formState.isDirty, aoVoltar);
  const e = formState.errors;
  const selecao = (nome: Campo, rotulo: string, data: { value: string; label: string }[], autoFocus = false) => (
    <Controller
      control={control}
      name={nome}
      render={({ field }) => (
        <Select
          label={rotulo}
          required
          searchable
          selectFirstOptionOnChange
          autoFocus={autoFocus}
          data={data}
          value={field.value ? String(field.value) : null}
          onChange={(v) => field.onChange(v ? Number(v) : null)}
          error={e[nome]?.message}
          data-cy={`requisicao-${nome}`}
        />
      )}
    />
  );

  return (
    <FormularioDocumento
      rascunho={rascunho}
      dataCy="form-requisicao"
      salvar={() => void salvar()}
      voltar={voltar}
      salvando={formState.isSubmitting}
      pergunta={pergunta}
      grade={{ control, erros: e, register, setValue, comCusto: false, lojaId: lojaDestinoId, fontes: fontesDeProduto }}
      cabecalho={
        <>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {selecao('lojaDestinoId', 'Loja que requisita', opcoesDeLojas(lojas), true)}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {selecao(
                'localDestinoId',
                'Local que requisita',
                (locaisDestino.data ?? []).map((l) => opcao(l.id, l.descricao)),
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {selecao('lojaOrigemId', 'Loja de origem', opcoesDeLojas(lojasOrigem))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {selecao(
                'localOrigemId',
                'Local de origem',
                locaisOrigem.map((l) => opcao(l.id, l.descricao)),
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              {selecao(
                'motivoId',
                'Motivo',
                (motivos.data?.items ?? []).map((m) => opcao(m.id, m.descricao)),
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <Textarea
                label="Observação"
                autosize
                minRows={1}
                {...register('observacao')}
                error={e.observacao?.message}
                data-cy="requisicao-observacao"
              />
            </Grid.Col>
          </Grid>
          <Text fz="sm" c="dimmed" data-cy="requisicao-explicacao">
            {motivo?.exigeAprovacao
              ? `O motivo "${motivo.descricao}" exige aprovação da loja de origem antes da transferência. `
              : ''}
            A loja de origem transfere a mercadoria pelo custo médio; ela fica em trânsito até o recebimento aqui.
          </Text>
        </>
      }
    />
  );
}
