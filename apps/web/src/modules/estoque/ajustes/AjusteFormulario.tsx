/**
 * A new stock adjustment: store, location, type (the operation follows it), date, observação and the
 * item grid. Validated by the domain contract; saved through useComando (one Idempotency-Key per submission,
 * so a double click or a retry after a timeout posts it once; the server's erros under the fields). After saving, the new balances are shown.
 */
import { Grid, Select, Text, Textarea } from '@mantine/core';
import { comandoAjusteEstoque, type EntradaAjusteEstoque } from '@retaguarda/domain';
import { errosJaNosCampos, useComando } from '../../../lib/comando/useComando';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toasts';
import { toastDeErro } from '../../../lib/erros';
import { listarLocais, listarSaldos, listarTiposAjuste } from '../api';
import { hojeNaLoja } from '../../../lib/datas';
import { campoDoForm, resolverAjuste, type ValoresAjuste } from './formulario';
import { CampoDataDocumento } from '../../../ui/documento/CampoDataDocumento';
import { FormularioDocumento } from '../../../ui/documento/FormularioDocumento';
import { rascunhoDoDocumento } from '../../../ui/documento/rascunho';
import { chaveRascunho } from '../../../ui/rascunho';
import { fontesDeProduto } from '../../produto/grade';
import { useVoltarComPergunta } from '../../../ui/PerguntaDescartar';
import { useAvisosAntesDeSalvar } from '../../../ui/documento/AvisosAntesDeSalvar';
import { SaldosApos } from './SaldosApos';
import { focarPrimeiroCampo } from '../../../ui/useEnterAvanca';
import { opcoesDeLojas } from '../../../registers/contexto';

interface Props {
  lojas: readonly { id: number; sigla?: string; fantasia?: string; zona?: string; principal: boolean }[];
  aoVoltar: () => void;
  aoSalvar: () => void;
}

const ENTIDADE = 'ajustes de estoque';

export function AjusteFormulario({ lojas, aoVoltar, aoSalvar }: Props) {
  const principal = lojas.find((l) => l.principal) ?? lojas[0];
  const vazio: ValoresAjuste = {
    lojaId: principal?.id ?? null,
    localId: null,
    tipoDeAjusteId: null,
    tipoDeOperacao: null,
    data: hojeNaLoja(principal),
    observacao: '',
    itens: [],
  };
  const form = useForm<ValoresAjuste, unknown, EntradaAjusteEstoque>({
    defaultValues: vazio,
    resolver: resolverAjuste,
  });
  const { control, register, handleSubmit, setValue, setError, formState, reset } = form;
  // one Idempotency-Key per submission (a double click or a retry posts once); the server's erros on the fields
  const ajuste = useComando(comandoAjusteEstoque, { form: { setError, campo: campoDoForm } });
  // the typed document survives a lost session (offered back on the next Novo after the sign-in)
  const rascunho = useMemo(
    () =>
      rascunhoDoDocumento(
        form,
        chaveRascunho('/estoque/ajustes', 'novo'),
        (v) => v.tipoDeAjusteId != null || (v.itens?.length ?? 0) > 0 || !!v.observacao?.trim(),
      ),
    [form],
  );
  const [saldosApos, setSaldosApos] = useState<{ produtoId: number; descricao: string; quantidade: string }[]>([]);
  const lojaId = useWatch({ control, name: 'lojaId' });
  const localId = useWatch({ control, name: 'localId' });
  const tipoId = useWatch({ control, name: 'tipoDeAjusteId' });
  const locais = useQuery({
    queryKey: ['locais-estoque', lojaId],
    // goods in transit are moved only by their transfer
    queryFn: async () => (await listarLocais(lojaId!)).filter((l) => l.tipo !== 'TRANSITO'),
    enabled: !!lojaId,
  });
  const tipos = useQuery({ queryKey: ['tipos-ajuste-ativos'], queryFn: listarTiposAjuste });
  const tipo = useMemo(() => tipos.data?.items.find((t) => t.id === tipoId), [tipos.data, tipoId]);
  // the proposed date is the chosen store's today (its zone), until the user types another
  useEffect(() => {
    if (!form.getFieldState('data').isDirty) setValue('data', hojeNaLoja(lojas.find((l) => l.id === lojaId)));
  }, [lojaId, lojas, form, setValue]);
  const raiz = useRef<HTMLFormElement>(null);
  // the form opens with its first field (the store) taking the typing
  useEffect(() => {
    focarPrimeiroCampo(raiz.current);
  }, []);
  const { voltar, pergunta } = useVoltarComPergunta(formState.isDirty, aoVoltar);

  // the location defaults to the store's first; the operation follows the type
  useEffect(() => {
    const l = locais.data;
    if (l?.length && !l.some((x) => x.id === localId))
      setValue('localId', (l.find((x) => x.padraoEntrada) ?? l.find((x) => x.tipo === 'LOJA') ?? l[0]!).id);
  }, [locais.data, localId, setValue]);
  useEffect(() => setValue('tipoDeOperacao', tipo?.tipo ?? null), [tipo, setValue]);

  const avisos = useAvisosAntesDeSalvar();
  const salvar = handleSubmit(async (entrada) => {
    // an exit may leave a balance below zero where the store allows it: the preview says so, the user decides
    if (
      entrada.tipoDeOperacao === 'SAIDA' &&
      !(await avisos.confirmar(async () => (await ajuste.previa(entrada)).avisos))
    )
      return;
    try {
      const a = await ajuste.executar(entrada);
      toast({ type: 'success', title: 'Sucesso', message: `Ajuste de estoque ${a.id} incluído.` });
      const itens = form.getValues('itens');
      const ids = [...new Set(itens.map((i) => i.produtoId))];
      const s = await listarSaldos(
        `lojaId==${entrada.lojaId};localId==${entrada.localId};produtoId=in=(${ids.join(',')})`,
      );
      setSaldosApos(
        ids.map((id) => ({
          produtoId: id,
          descricao: itens.find((i) => i.produtoId === id)?.descricao ?? '',
          quantidade: s.items.find((x) => x.produtoId === id)?.quantidade ?? '0',
        })),
      );
      reset({ ...vazio, lojaId: entrada.lojaId, localId: entrada.localId });
      aoSalvar();
    } catch (e) {
      if (!errosJaNosCampos(e)) toast(toastDeErro(e, { entidade: ENTIDADE }));
    }
  });

  const e = formState.errors;
  return (
    <FormularioDocumento
      rascunho={rascunho}
      dataCy="form-ajuste"
      formRef={raiz}
      salvar={() => void salvar()}
      voltar={voltar}
      salvando={formState.isSubmitting}
      pergunta={pergunta}
      avisos={avisos.pergunta}
      grade={{
        control,
        erros: e,
        register,
        setValue,
        comCusto: tipo?.tipo === 'ENTRADA' && tipo.afetaCustoMedio,
        lojaId,
        fontes: fontesDeProduto,
      }}
      cabecalho={
        <>
          <SaldosApos saldos={saldosApos} />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Controller
                control={control}
                name="lojaId"
                render={({ field }) => (
                  <Select
                    label="Loja"
                    required
                    searchable
                    selectFirstOptionOnChange
                    data={opcoesDeLojas(lojas)}
                    value={field.value ? String(field.value) : null}
                    onChange={(v) => field.onChange(v ? Number(v) : null)}
                    error={e.lojaId?.message}
                    data-cy="ajuste-loja"
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Controller
                control={control}
                name="localId"
                render={({ field }) => (
                  <Select
                    label="Local de estoque"
                    required
                    searchable
                    selectFirstOptionOnChange
                    data={(locais.data ?? []).map((l) => ({ value: String(l.id), label: l.descricao }))}
                    value={field.value ? String(field.value) : null}
                    onChange={(v) => field.onChange(v ? Number(v) : null)}
                    error={e.localId?.message}
                    data-cy="ajuste-local"
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={control}
                name="tipoDeAjusteId"
                render={({ field }) => (
                  <Select
                    label="Tipo de ajuste"
                    required
                    searchable
                    selectFirstOptionOnChange
                    data={(tipos.data?.items ?? []).map((t) => ({
                      value: String(t.id),
                      label: `${t.descricao} (${t.tipo === 'ENTRADA' ? 'entrada' : 'saída'})`,
                    }))}
                    value={field.value ? String(field.value) : null}
                    onChange={(v) => field.onChange(v ? Number(v) : null)}
                    error={e.tipoDeAjusteId?.message ?? e.tipoDeOperacao?.message}
                    data-cy="ajuste-tipo"
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <CampoDataDocumento campo={register('data')} erro={e.data?.message} dataCy="ajuste-data" />
            </Grid.Col>
          </Grid>
          <Text fz="sm" c="dimmed" data-cy="ajuste-operacao">
            Operação: {tipo ? (tipo.tipo === 'ENTRADA' ? 'Entrada' : 'Saída') : 'escolha o tipo de ajuste'}
          </Text>
          <Textarea
            label="Observação"
            required={tipo?.exigeObservacao}
            autosize
            minRows={1}
            {...register('observacao')}
            error={e.observacao?.message}
            data-cy="ajuste-observacao"
          />
        </>
      }
    />
  );
}
