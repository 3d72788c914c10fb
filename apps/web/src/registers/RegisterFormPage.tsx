/**
 * The form screen of any register (issue 5 "Form screen"): sections from the declaration, the
 * shared zod rules (pt-BR messages under each field), read-only without EDITAR, Ctrl+S, 409 with
 * a reload, unsaved-changes warning, success toast and back to the list with its filters.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Center, Group, Kbd, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { type RegisterDef, schemaFor } from '@retaguarda/domain';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { aposNavegar } from '../app/routing/navegacao';
import { useSessao } from '../app/session/store';
import { toast } from '../app/toasts/store';
import { toastDeErro } from '../lib/erros';
import { atualizar, caminhoApi, criar, obter, type Registro, razoesDe } from './api';
import { formatarDataHora } from './fields/formato';
import { rotuloDe } from './fields/rotulos';
import { SairSemSalvar } from './formulario/SairSemSalvar';
import { SecaoCampos } from './formulario/SecaoCampos';
import { Subregistros } from './formulario/Subregistros';
import { valoresIniciais } from './formulario/valores';
import { usePermissoes } from './permissoes';
import { BotaoHistorico } from '../modules/relatorios/BotoesRelatorio';

interface Props {
  def: RegisterDef;
  id?: string;
  aoVoltar: () => void;
  titulo?: string;
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
const REASON = /^([\w.[\]]+) \([^)]*\): (.+)$/;

export function RegisterFormPage({ def, id, aoVoltar, titulo }: Props) {
  const editando = id !== undefined;
  const base = caminhoApi(def, useParams());
  const qc = useQueryClient();
  const permissoes = usePermissoes(def);
  const lojas = useSessao((s) => s.usuario?.lojasUsuario);
  const somenteLeitura = editando ? !permissoes.editar : !permissoes.incluir;
  const [conflito, setConflito] = useState<{ message: string; reasons: string[]; recarregar: boolean } | null>(null);
  const [saindo, setSaindo] = useState(false);

  const consulta = useQuery({
    queryKey: ['registro', base, id],
    queryFn: () => obter(base, id as string),
    enabled: editando,
    gcTime: 0,
  });
  const principal = lojas?.find((l) => l.principal)?.id ?? lojas?.[0]?.id ?? null;
  const iniciais = useMemo(() => valoresIniciais(def, principal, consulta.data), [def, principal, consulta.data]);
  const resolver = useMemo(
    () =>
      zodResolver(
        schemaFor(def, editando ? 'update' : 'create') as unknown as Parameters<typeof zodResolver>[0],
      ) as unknown as Resolver<Valores>,
    [def, editando],
  );
  const form = useForm<Valores>({ defaultValues: iniciais, resolver, mode: 'onTouched' });
  const { reset, handleSubmit, setError, formState } = form;

  useEffect(() => reset(iniciais), [iniciais, reset]);

  const salvar = handleSubmit(async (valores) => {
    setConflito(null);
    try {
      if (editando) await atualizar(base, id, { ...valores, versao: consulta.data?.versao });
      else await criar(base, valores);
      await qc.invalidateQueries({ queryKey: ['registros', base] });
      await qc.invalidateQueries({ queryKey: ['rotulos', def.key] });
      aposNavegar({
        type: 'success',
        title: 'Sucesso',
        message: editando ? 'Alterações salvas.' : 'Cadastro incluído.',
      });
      setSaindo(true);
    } catch (e) {
      const r = razoesDe(e);
      if (r.status === 422) {
        const soltas = r.reasons.filter((razao) => {
          const m = REASON.exec(razao);
          if (m?.[1] && m[2]) setError(m[1], { type: 'server', message: m[2] }, { shouldFocus: true });
          return !m;
        });
        if (soltas.length) toast(toastDeErro(e, { entidade: def.label.plural }));
      } else if (r.status === 409) {
        setConflito({ message: r.message, reasons: r.reasons, recarregar: editando });
      } else toast(toastDeErro(e, { entidade: def.label.plural }));
    }
  });

  // leaves only after the form is clean, so the unsaved-changes guard lets it through
  useEffect(() => {
    if (saindo) aoVoltar();
  }, [saindo, aoVoltar]);

  useHotkeys([['mod+S', () => !somenteLeitura && salvar()]], []);

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
    return (
      <Alert color="red" title="Não foi possível carregar o registro." icon={<IconAlertTriangle size={18} />}>
        <Group mt="sm" gap="sm">
          <Button size="xs" variant="default" onClick={aoVoltar}>
            Voltar para a lista
          </Button>
          <Button size="xs" onClick={() => consulta.refetch()}>
            Tentar de novo
          </Button>
        </Group>
      </Alert>
    );
  }

  const dados = consulta.data as Registro | undefined;
  return (
    <form onSubmit={salvar} noValidate data-cy="formulario-registro">
      <SairSemSalvar pendente={formState.isDirty && !saindo && !somenteLeitura} />
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
            {id !== undefined && dados && <BotaoHistorico base={base} id={id} entidade={def.label.plural} />}
          </Group>
        </Group>
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
        {secoesDe(def).map((s) => (
          <SecaoCampos
            key={s.title}
            def={def}
            secao={s}
            control={form.control}
            erros={formState.errors}
            somenteLeitura={somenteLeitura}
            editando={editando}
          />
        ))}
        <Subregistros def={def} id={id} somenteLeitura={somenteLeitura} />
        <Paper withBorder radius="sm" px="md" py="xs" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
          <Group justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={aoVoltar} data-cy="voltar">
              Voltar
            </Button>
            {!somenteLeitura && (
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                rightSection={<Kbd size="xs">Ctrl+S</Kbd>}
                loading={formState.isSubmitting}
                data-cy="salvar"
              >
                Salvar
              </Button>
            )}
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}
