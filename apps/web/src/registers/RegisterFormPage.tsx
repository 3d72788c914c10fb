/**
 * The form screen of any register (spec "Form screen"): sections from the declaration, the
 * shared zod rules (pt-BR messages under each field), read-only without EDITAR, 409 with
 * a reload, unsaved-changes warning, success toast and back to the list with its filters.
 * Keyboard-first: the first field is focused, Enter moves on (and saves on the last field),
 * Ctrl+S saves anywhere, Esc leaves (through the unsaved-changes guard).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { type FormSection, type RegisterDef, schemaFor } from '@retaguarda/domain';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { aposNavegar } from '../servicos/navegacao/navegacao';
import { toast } from '../lib/toasts';
import { HttpError, mostrarErrosNosCampos, toastDeErro } from '../lib/erros';
import { atualizar, caminhoApi, criar, obter, type Registro, razoesDe } from './api';
import { useContextoCadastros } from './contexto';
import { formatarDataHora } from '../lib/formato';
import { rotuloDe } from './fields/rotulos';
import { mensagemNaoEncontrado } from './formulario/nao-encontrado';
import { AvisoOutrasLojas, lojasDeOutros } from './formulario/escopo';
import { SairSemSalvar } from './formulario/SairSemSalvar';
import { SecaoCampos } from './formulario/SecaoCampos';
import { Subregistros } from './formulario/Subregistros';
import { valoresIniciais } from './formulario/valores';
import { usePermissoes } from './permissoes';
import { RodapeFormulario } from '../ui/RodapeFormulario';
import { aoTeclarEnterAvanca, focarPrimeiroCampo } from '../ui/useEnterAvanca';
import { useEscSai } from './formulario/useEscSai';
import { revelarPrimeiroErro } from '../ui/revelarErro';
import { chaveRascunho, MSG_RASCUNHO, useRascunho } from '../ui/rascunho';

interface Props {
  def: RegisterDef;
  id?: string;
  aoVoltar: () => void;
  titulo?: string;
  /** the sections from the values being edited, for a field shown by another's value (CST or CSOSN by the CRT) */
  secoes?: (valor: (campo: string) => unknown) => readonly FormSection[];
  /** values a new record starts with (a link that creates what is missing); keep its identity stable */
  padrao?: Record<string, unknown>;
}

type Valores = Record<string, unknown>;

/** A code-keyed register (natureza PIS/COFINS) needs its code typed on creation: it opens the first section. */
function secoesDe(def: RegisterDef) {
  const [primeira, ...resto] = def.sections;
  if (
    def.idKind !== 'code' ||
    def.canCreate === false ||
    !primeira ||
    def.sections.some((s) => s.fields.includes('id'))
  )
    return def.sections;
  return [{ ...primeira, fields: ['id', ...primeira.fields] }, ...resto];
}

export function RegisterFormPage({ def, id, aoVoltar, titulo, secoes, padrao }: Props) {
  const editando = id !== undefined;
  const base = caminhoApi(def, useParams());
  const qc = useQueryClient();
  const permissoes = usePermissoes(def);
  const {
    lojas,
    administrador,
    AcaoDoRegistro,
    AreaDoRegistro,
    permissoes: permissoesDoUsuario,
    ficaNoRegistro: ficaNoRegistroDe,
  } = useContextoCadastros();
  // registers used all day (Produto) stay on the saved record, with 'Salvar e novo' beside Salvar
  const ficaNoRegistro = ficaNoRegistroDe?.(def.key) === true;
  const navigate = useNavigate();
  const location = useLocation();
  const [destino, setDestino] = useState<string | null>(null);
  const [conflito, setConflito] = useState<{ message: string; reasons: string[]; recarregar: boolean } | null>(null);
  const [saindo, setSaindo] = useState(false);

  const consulta = useQuery({
    queryKey: ['registro', base, id],
    queryFn: () => obter(base, id as string),
    enabled: editando,
    gcTime: 0,
  });
  const deOutros = editando && lojasDeOutros(def, consulta.data, lojas, administrador).length > 0;
  const somenteLeitura = (editando ? !permissoes.editar : !permissoes.incluir) || deOutros;
  const principal = lojas.find((l) => l.principal)?.id ?? lojas[0]?.id ?? null;
  const iniciais = useMemo(
    () => ({ ...valoresIniciais(def, principal, consulta.data), ...(editando ? {} : padrao) }),
    [def, principal, consulta.data, editando, padrao],
  );
  const resolver = useMemo(
    () =>
      zodResolver(
        schemaFor(def, editando ? 'update' : 'create') as unknown as Parameters<typeof zodResolver>[0],
      ) as unknown as Resolver<Valores>,
    [def, editando],
  );
  const form = useForm<Valores>({ defaultValues: iniciais, resolver, mode: 'onTouched' });
  const definirValores = (v: Record<string, unknown>) => {
    for (const [campo, valor] of Object.entries(v)) form.setValue(campo, valor, { shouldDirty: true });
  };
  const { reset, handleSubmit, setError, formState } = form;

  useEffect(() => reset(iniciais), [iniciais, reset]);

  // the draft of this route and record, kept while the form has changes, offered after a lost session (#27.4)
  const inscrever = useCallback(
    (aoMudar: (v: Valores, sujo: boolean) => void) => {
      // a field changed (typed or set) has a name; a reset (load, saved) has none
      const s = form.watch((v, info) => aoMudar(v as Valores, info.name !== undefined));
      return () => s.unsubscribe();
    },
    [form],
  );
  const rascunho = useRascunho<Valores>({
    chave: chaveRascunho(location.pathname, id),
    pronto: !somenteLeitura && (!editando || consulta.isSuccess),
    inscrever,
    aplicar: (v) => reset(v, { keepDefaultValues: true }),
  });

  const gravar = (novo: boolean) =>
    handleSubmit(
      async (valores) => {
        setConflito(null);
        try {
          const salvo = editando
            ? await atualizar(base, id, { ...valores, versao: consulta.data?.versao })
            : await criar(base, valores);
          await qc.invalidateQueries({ queryKey: ['registros', base] });
          await qc.invalidateQueries({ queryKey: ['rotulos', def.key] });
          if (ficaNoRegistro) {
            const mensagem = editando ? 'Alterações salvas.' : 'Cadastro incluído.';
            const rota = location.pathname.replace(editando ? /\/[^/]+$/ : /$/, '');
            if (novo && !editando) {
              // same route: a clean form for the next record
              reset(valoresIniciais(def, principal));
              toast({ type: 'success', title: 'Sucesso', message: mensagem });
            } else if (novo || !editando) {
              aposNavegar({ type: 'success', title: 'Sucesso', message: mensagem });
              setDestino(novo ? rota : `${rota}/${encodeURIComponent(String((salvo as Registro).id))}`);
            } else {
              toast({ type: 'success', title: 'Sucesso', message: mensagem });
              const r = await consulta.refetch();
              if (r.data) reset(valoresIniciais(def, principal, r.data));
            }
            return;
          }
          aposNavegar({
            type: 'success',
            title: 'Sucesso',
            message: editando ? 'Alterações salvas.' : 'Cadastro incluído.',
          });
          setSaindo(true);
        } catch (e) {
          const r = razoesDe(e);
          if (r.status === 422) {
            // the errors of declared fields show under them; any other reason goes to the toast
            const doCadastro = (campo: string) =>
              def.fields.some((f) => f.name === campo.split('.')[0]) ? campo : undefined;
            if (mostrarErrosNosCampos(r, setError, doCadastro)) toast(toastDeErro(e, { entidade: def.label.plural }));
          } else if (r.status === 409) {
            setConflito({ message: r.message, reasons: r.reasons, recarregar: editando });
          } else if (r.status === 401) {
            // the session ended: what was typed stays as the draft, offered after the sign-in
            rascunho.guardar();
            toast({ type: 'warning', title: 'Sessão encerrada', message: MSG_RASCUNHO.sessaoEncerrada });
          } else toast(toastDeErro(e, { entidade: def.label.plural }));
          revelarPrimeiroErro(formRef.current);
        }
      },
      () => revelarPrimeiroErro(formRef.current),
    );
  const salvar = gravar(false);

  // leaves only after the form is clean, so the unsaved-changes guard lets it through
  useEffect(() => {
    if (saindo) aoVoltar();
  }, [saindo, aoVoltar]);
  useEffect(() => {
    // the saved record (or a new one) on its own route; 'Voltar' still goes to the list the user came from
    if (destino !== null) navigate(destino, { replace: true, state: location.state });
  }, [destino, navigate, location.state]);

  useHotkeys([['mod+S', () => !somenteLeitura && salvar()]], []);
  useEscSai(aoVoltar);

  // the first field takes the typing as soon as the record is on screen (once per record opened)
  const formRef = useRef<HTMLFormElement>(null);
  const carregado = !editando || consulta.isSuccess;
  const focadoEm = useRef<string | null>(null);
  useEffect(() => {
    const chave = `${def.key}:${id ?? ''}`;
    if (!carregado || focadoEm.current === chave) return;
    if (focarPrimeiroCampo(formRef.current)) focadoEm.current = chave;
  });

  const recarregar = async () => {
    setConflito(null);
    const r = await consulta.refetch();
    if (r.data) reset(valoresIniciais(def, principal, r.data));
  };

  if (editando && consulta.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (editando && consulta.isError) {
    const ausente = consulta.error instanceof HttpError && consulta.error.status === 404;
    return (
      <Alert
        color={ausente ? 'orange' : 'red'}
        title={ausente ? mensagemNaoEncontrado(def, id) : 'Não foi possível carregar o registro.'}
        icon={<IconAlertTriangle size={18} />}
        data-cy="registro-nao-carregado"
      >
        <Group mt="sm" gap="sm">
          <Button size="xs" variant="default" onClick={aoVoltar}>
            Voltar para a lista
          </Button>
          {!ausente && (
            <Button size="xs" onClick={() => consulta.refetch()}>
              Tentar de novo
            </Button>
          )}
        </Group>
      </Alert>
    );
  }

  const dados = consulta.data as Registro | undefined;
  return (
    <form
      ref={formRef}
      onSubmit={salvar}
      onKeyDown={(e) => aoTeclarEnterAvanca(e, { aoUltimo: somenteLeitura ? undefined : () => void salvar() })}
      noValidate
      data-cy="formulario-registro"
    >
      <SairSemSalvar pendente={formState.isDirty && !saindo && destino === null && !somenteLeitura} />
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={1} fz={22} fw={600}>
              {titulo ?? def.label.singular}
            </Title>
            <Badge variant="light" radius="sm" tt="none" size="lg" data-cy="identificacao-registro">
              {dados ? rotuloDe(def, dados) : 'Novo registro'}
            </Badge>
            {somenteLeitura && (
              <Badge variant="outline" color="gray" radius="sm" leftSection={<IconLock size={12} />}>
                Somente leitura
              </Badge>
            )}
          </Group>
          <Group gap="sm">
            {dados?.alteradoEm ? (
              <Text fz="xs" c="dimmed">
                Alterado em {formatarDataHora(dados.alteradoEm)}
              </Text>
            ) : null}
            {id !== undefined && dados && AcaoDoRegistro && (
              <AcaoDoRegistro base={base} id={id} entidade={def.label.plural} />
            )}
          </Group>
        </Group>
        {rascunho.aviso}
        {deOutros && <AvisoOutrasLojas />}
        {conflito && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={conflito.message || 'Conflito ao salvar.'}
            data-cy="conflito"
          >
            {conflito.reasons.length > 0 && (
              <List fz="sm" spacing={2}>
                {conflito.reasons.map((r) => (
                  <List.Item key={r}>{r}</List.Item>
                ))}
              </List>
            )}
            {conflito.recarregar && (
              <Group mt="sm" gap="sm">
                <Text fz="sm">Recarregue para ver a versão atual; as suas alterações serão descartadas.</Text>
                <Button size="xs" onClick={recarregar} data-cy="recarregar-registro">
                  Recarregar registro
                </Button>
              </Group>
            )}
          </Alert>
        )}
        {(secoes ? secoes((campo) => form.watch(campo)) : secoesDe(def)).map((s) => (
          <SecaoCampos
            key={s.title}
            def={def}
            secao={s}
            control={form.control}
            erros={formState.errors}
            somenteLeitura={somenteLeitura}
            editando={editando}
            definirValores={definirValores}
          />
        ))}
        <Subregistros def={def} id={id} somenteLeitura={somenteLeitura} />
        {AreaDoRegistro && (id === undefined || dados) && (
          <AreaDoRegistro registro={def.key} id={id} permissoes={permissoesDoUsuario} />
        )}
        <RodapeFormulario
          aoVoltar={aoVoltar}
          podeSalvar={!somenteLeitura}
          salvando={formState.isSubmitting}
          atalhoSalvar
          aoSalvarENovo={ficaNoRegistro ? () => gravar(true)() : undefined}
        />
      </Stack>
    </form>
  );
}
