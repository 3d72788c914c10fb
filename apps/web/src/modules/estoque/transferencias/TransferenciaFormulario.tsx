/**
 * A new stock transfer: origin (the user's stores and their locations), destination (any store of the
 * same company — another CNPJ root is a sale, not a transfer — and its locations), date, observação and
 * the shared item grid. Keyboard: the origin store has the focus, Enter moves on, Ctrl+S saves, Esc goes
 * back. Validated by the domain contract; saved through useComando (one Idempotency-Key per submission).
 */
import { Grid, Select, Text, Textarea } from '@mantine/core';
import { comandoTransferencia, type EntradaTransferenciaEstoque, MSG_TRANSFERENCIA } from '@retaguarda/domain';
import { errosJaNosCampos, useComando } from '../../../lib/comando/useComando';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toasts';
import { toastDeErro } from '../../../lib/erros';
import { hojeNaLoja } from '../../../lib/datas';
import { CampoDataDocumento } from '../../../ui/documento/CampoDataDocumento';
import { useAvisosAntesDeSalvar } from '../../../ui/documento/AvisosAntesDeSalvar';
import { FormularioDocumento } from '../../../ui/documento/FormularioDocumento';
import { rascunhoDoDocumento } from '../../../ui/documento/rascunho';
import { chaveRascunho } from '../../../ui/rascunho';
import { useVoltarComPergunta } from '../../../ui/PerguntaDescartar';
import { listarLocais } from '../api';
import { fontesDeProduto } from '../../produto/grade';
import { listarDestinos } from './api';
import { resolverTransferencia, type ValoresTransferencia } from './formulario';
import { opcoesDeLojas } from '../../../registers/contexto';

interface Props {
  lojas: readonly { id: number; sigla?: string; fantasia?: string; zona?: string; principal: boolean }[];
  aoVoltar: () => void;
  aoSalvar: () => void;
}

const opcao = (id: number, texto: string) => ({ value: String(id), label: texto });

export function TransferenciaFormulario({ lojas, aoVoltar, aoSalvar }: Props) {
  const principal = lojas.find((l) => l.principal) ?? lojas[0];
  const form = useForm<ValoresTransferencia, unknown, EntradaTransferenciaEstoque>({
    defaultValues: {
      lojaOrigemId: principal?.id ?? null,
      localOrigemId: null,
      lojaDestinoId: null,
      localDestinoId: null,
      data: hojeNaLoja(principal),
      observacao: '',
      itens: [],
    },
    resolver: resolverTransferencia,
  });
  const { control, register, handleSubmit, setValue, setError, formState } = form;
  // one Idempotency-Key per submission (a double click or a retry posts once); the server's erros on the fields
  const transferencia = useComando(comandoTransferencia, { form: { setError } });
  // the typed document survives a lost session (offered back on the next Novo after the sign-in)
  const rascunho = useMemo(
    () =>
      rascunhoDoDocumento(
        form,
        chaveRascunho('/estoque/transferencias', 'novo'),
        (v) => (v.itens?.length ?? 0) > 0 || !!v.observacao?.trim(),
      ),
    [form],
  );
  const lojaOrigemId = useWatch({ control, name: 'lojaOrigemId' });
  const localOrigemId = useWatch({ control, name: 'localOrigemId' });
  const lojaDestinoId = useWatch({ control, name: 'lojaDestinoId' });
  const localDestinoId = useWatch({ control, name: 'localDestinoId' });
  // the sending is dated the origin's today (its zone), until the user types another date
  useEffect(() => {
    if (!form.getFieldState('data').isDirty) setValue('data', hojeNaLoja(lojas.find((l) => l.id === lojaOrigemId)));
  }, [lojaOrigemId, lojas, form, setValue]);
  const locaisOrigem = useQuery({
    queryKey: ['locais-estoque', lojaOrigemId],
    queryFn: () => listarLocais(lojaOrigemId!),
    enabled: !!lojaOrigemId,
    select: (l) => l.filter((x) => x.tipo !== 'TRANSITO'),
  });
  const destinos = useQuery({ queryKey: ['transferencia-destinos'], queryFn: listarDestinos });
  const raiz = destinos.data?.items.find((d) => d.id === lojaOrigemId)?.raizCnpj;
  const lojasDestino = useMemo(
    () => (destinos.data?.items ?? []).filter((d) => !raiz || d.raizCnpj === raiz),
    [destinos.data, raiz],
  );
  const locaisDestino = lojasDestino.find((d) => d.id === lojaDestinoId)?.locais ?? [];

  // defaults: the origin's sale floor, another store of the company, its entry location
  useEffect(() => {
    const l = locaisOrigem.data;
    if (l?.length && !l.some((x) => x.id === localOrigemId))
      setValue('localOrigemId', (l.find((x) => x.tipo === 'LOJA') ?? l[0]!).id);
  }, [locaisOrigem.data, localOrigemId, setValue]);
  useEffect(() => {
    if (lojasDestino.length && !lojasDestino.some((d) => d.id === lojaDestinoId))
      setValue('lojaDestinoId', (lojasDestino.find((d) => d.id !== lojaOrigemId) ?? lojasDestino[0]!).id);
  }, [lojasDestino, lojaDestinoId, lojaOrigemId, setValue]);
  useEffect(() => {
    if (locaisDestino.length && !locaisDestino.some((x) => x.id === localDestinoId))
      setValue('localDestinoId', locaisDestino[0]!.id);
  }, [locaisDestino, localDestinoId, setValue]);

  const avisos = useAvisosAntesDeSalvar();
  const salvar = handleSubmit(async (entrada) => {
    // the origin's balance may go below zero where the store allows it: the preview says so, the user decides
    const previa = async () => (await transferencia.previa(entrada)).avisos;
    if (!(await avisos.confirmar(previa))) return;
    try {
      const t = await transferencia.executar(entrada);
      const mensagem =
        t.status === 'EM_TRANSITO' ? MSG_TRANSFERENCIA.incluida(t.id) : MSG_TRANSFERENCIA.incluidaRecebida(t.id);
      toast({ type: 'success', title: 'Sucesso', message: mensagem });
      aoSalvar();
    } catch (e) {
      if (!errosJaNosCampos(e)) toast(toastDeErro(e, { entidade: MSG_TRANSFERENCIA.entidade }));
    }
  });

  const { voltar, pergunta } = useVoltarComPergunta(formState.isDirty, aoVoltar);
  const e = formState.errors;
  const selecao = (
    nome: 'lojaOrigemId' | 'localOrigemId' | 'lojaDestinoId' | 'localDestinoId',
    rotulo: string,
    data: { value: string; label: string }[],
    autoFocus = false,
  ) => (
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
          data-cy={`transferencia-${nome}`}
        />
      )}
    />
  );

  return (
    <FormularioDocumento
      rascunho={rascunho}
      dataCy="form-transferencia"
      salvar={() => void salvar()}
      voltar={voltar}
      salvando={formState.isSubmitting}
      pergunta={pergunta}
      avisos={avisos.pergunta}
      grade={{ control, erros: e, register, setValue, comCusto: false, lojaId: lojaOrigemId, fontes: fontesDeProduto }}
      cabecalho={
        <>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {selecao('lojaOrigemId', 'Loja de origem', opcoesDeLojas(lojas), true)}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {selecao(
                'localOrigemId',
                'Local de origem',
                (locaisOrigem.data ?? []).map((l) => opcao(l.id, l.descricao)),
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {selecao('lojaDestinoId', 'Loja de destino', opcoesDeLojas(lojasDestino))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              {selecao(
                'localDestinoId',
                'Local de destino',
                locaisDestino.map((l) => opcao(l.id, l.descricao)),
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <CampoDataDocumento campo={register('data')} erro={e.data?.message} dataCy="transferencia-data" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 10 }}>
              <Textarea
                label="Observação"
                autosize
                minRows={1}
                {...register('observacao')}
                error={e.observacao?.message}
                data-cy="transferencia-observacao"
              />
            </Grid.Col>
          </Grid>
          <Text fz="sm" c="dimmed" data-cy="transferencia-explicacao">
            {lojaOrigemId && lojaOrigemId === lojaDestinoId
              ? 'Entre locais da mesma loja a mercadoria passa de um local ao outro ao salvar: não há recebimento.'
              : 'A mercadoria sai do local de origem pelo custo médio e fica em trânsito até a loja de destino confirmar o recebimento.'}{' '}
            Lojas de outra empresa (outra raiz de CNPJ) não aparecem: entre empresas é venda e compra, com NF-e.
          </Text>
        </>
      }
    />
  );
}
