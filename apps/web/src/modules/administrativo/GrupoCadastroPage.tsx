/**
 * grupocadastro (spec §2.4, 'Cadastro de grupo'): name, status, the permission picker and the
 * members. react-hook-form with the domain's `grupoFormulario`; the server's field errors (`erros`, a
 * taken name among them) show under their fields. Spec §7: a new group is created whole (members in the
 * same transaction) and its id read from the `Location` header; an existing one loads its members with
 * GET …/membros, and a save is the PUT without members, then POST …/membros, which replaces the whole
 * member set in one transaction. Should that POST fail, the screen shows the members the server kept.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { grupoFormulario, perm, type ValoresGrupo } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { aposNavegar } from '../../servicos/navegacao/navegacao';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { toast } from '../../lib/toasts';
import { falhaDaApi, mostrarErrosNosCampos, toastDeErro } from '../../lib/erros';
import { SairSemSalvar } from '../../registers/formulario/SairSemSalvar';
import { usePermissao } from '../../servicos/sessao/permissao';
import {
  alterarGrupo,
  definirMembros,
  incluirGrupo,
  type Membro,
  membrosDoGrupo,
  obterGrupo,
  type Status,
} from './api';
import { MembrosGrupo } from './MembrosGrupo';
import { RodapeFormulario } from '../../ui/RodapeFormulario';
import { SeletorPermissoes } from './SeletorPermissoes';

const mesmosMembros = (antes: Membro[], depois: number[]) =>
  antes.length === depois.length && antes.every((m) => depois.includes(m.id));

const VAZIO: ValoresGrupo = { nome: '', statusDeAtivacao: 'ATIVO', permissoes: [], membros: [] };

export function GrupoCadastroPage() {
  const { id } = useParams();
  const novo = !id;
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const pode = usePermissao([perm('NOVO_USUARIOS_E_GRUPOS', novo ? 'INCLUIR' : 'EDITAR')]);
  const consulta = useQuery({
    queryKey: ['grupo', id],
    queryFn: () => obterGrupo(id ?? ''),
    enabled: !novo,
    gcTime: 0,
    // read once per opening: a background refetch would reset what is being edited
    staleTime: Number.POSITIVE_INFINITY,
  });
  const membrosConsulta = useQuery({
    queryKey: ['grupo-membros', id],
    queryFn: () => membrosDoGrupo(id ?? ''),
    enabled: !novo,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const form = useForm<ValoresGrupo>({ defaultValues: VAZIO, resolver: zodResolver(grupoFormulario) });
  const { formState, reset, setError, setValue, clearErrors, handleSubmit } = form;

  useEffect(() => {
    if (!consulta.data || !membrosConsulta.data) return;
    const { nome, statusDeAtivacao, permissoes } = consulta.data;
    reset({
      nome,
      statusDeAtivacao: statusDeAtivacao as Status,
      permissoes: [...permissoes].sort(),
      membros: membrosConsulta.data.membros,
    });
  }, [consulta.data, membrosConsulta.data, reset]);

  const v = form.watch();
  // a field's error goes away once it changes
  const mudar = (p: Partial<ValoresGrupo>) => {
    for (const [k, valor] of Object.entries(p) as [keyof ValoresGrupo, never][]) {
      setValue(k, valor, { shouldDirty: true });
      clearErrors(k);
    }
  };
  const erros = formState.errors;
  const location = useLocation();
  const voltar = () => navigate((location.state as { voltar?: string } | null)?.voltar ?? '/gruposUsuarios');

  const salvar = handleSubmit(async (valores) => {
    const membros = valores.membros.map((m) => m.id);
    const corpo = {
      nome: valores.nome.trim(),
      statusDeAtivacao: valores.statusDeAtivacao,
      permissoes: valores.permissoes,
      versao: consulta.data?.versao,
    };
    try {
      if (novo) {
        const { id: novoId, grupo } = await incluirGrupo({ ...corpo, membros });
        reset({ ...valores, nome: grupo.nome, permissoes: [...grupo.permissoes].sort(), membros: grupo.membros });
        // the saved record (with its new versao) is the form's data at its new URL
        qc.setQueryData(['grupo', String(novoId)], grupo);
        qc.setQueryData(['grupo-membros', String(novoId)], { id: novoId, membros: grupo.membros });
        await qc.invalidateQueries({ queryKey: ['grupos-usuario'] });
        // shown once the navigation to the saved record ends (navigating clears the toasts)
        aposNavegar({ type: 'success', title: 'Sucesso', message: `Grupo ${grupo.nome} incluído.` });
        navigate(`/gruposUsuario/grupos/cadastro/${novoId}`, { replace: true, state: location.state });
        return;
      }
      // the PUT leaves the members as they are; the POST replaces them only when they changed
      const salvo = await alterarGrupo(id as string, corpo);
      const antes = membrosConsulta.data?.membros ?? [];
      let falhaMembros: unknown = null;
      if (!mesmosMembros(antes, membros)) {
        await definirMembros(id as string, membros)
          .then((m) => qc.setQueryData(['grupo-membros', id], m))
          .catch((e: unknown) => {
            falhaMembros = e;
          });
      }
      // the saved records (the new versao among them) are the form's data from now on
      qc.setQueryData(['grupo', id], salvo);
      await qc.invalidateQueries({ queryKey: ['grupos-usuario'] });
      if (falhaMembros) throw falhaMembros;
      toast({ type: 'success', title: 'Sucesso', message: 'Alterações salvas.' });
    } catch (err) {
      const r = falhaDaApi(err);
      const semCampo = r.status === 422 || r.status === 409 ? mostrarErrosNosCampos(r, setError) : true;
      if (semCampo) toast(toastDeErro(err, { entidade: 'grupos de usuários' }));
    }
  });

  if (!novo && (consulta.isPending || membrosConsulta.isPending))
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (!novo && (consulta.isError || membrosConsulta.isError))
    return (
      <Alert color="red" title="Não foi possível carregar o grupo." icon={<IconAlertTriangle size={18} />}>
        <Button
          size="xs"
          mt="sm"
          variant="default"
          onClick={() => void Promise.all([consulta.refetch(), membrosConsulta.refetch()])}
        >
          Tentar de novo
        </Button>
      </Alert>
    );

  return (
    <form onSubmit={salvar} noValidate data-cy="formulario-grupo">
      <SairSemSalvar pendente={formState.isDirty && !formState.isSubmitting} />
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={1} fz={22} fw={600}>
            {titulo}
          </Title>
          <Badge variant="light" radius="sm" tt="none" size="lg" data-cy="identificacao-registro">
            {consulta.data ? `${consulta.data.id} - ${consulta.data.nome}` : 'Novo grupo'}
          </Badge>
        </Group>
        <Paper withBorder radius="sm" p="md">
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label="Nome"
                required
                maxLength={100}
                value={v.nome}
                error={erros.nome?.message}
                onChange={(e) => mudar({ nome: e.currentTarget.value })}
                disabled={!pode}
                data-cy="grupo-nome"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Text fz="sm" fw={500} mb={4}>
                Status
              </Text>
              <SegmentedControl
                fullWidth
                value={v.statusDeAtivacao}
                onChange={(s) => mudar({ statusDeAtivacao: s as Status })}
                disabled={!pode}
                data={[
                  { value: 'ATIVO', label: 'Ativo' },
                  { value: 'INATIVO', label: 'Inativo' },
                ]}
                data-cy="grupo-status"
              />
            </Grid.Col>
          </Grid>
        </Paper>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Text fw={600} fz="sm" mb={6}>
              Permissões
            </Text>
            <SeletorPermissoes
              valor={v.permissoes}
              aoMudar={(permissoes) => mudar({ permissoes })}
              desabilitado={!pode}
            />
            {erros.permissoes && (
              <Text fz="xs" c="red" mt={4}>
                {erros.permissoes.message}
              </Text>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Text fw={600} fz="sm" mb={6}>
              Membros ({v.membros.length})
            </Text>
            <Paper withBorder radius="sm" p="sm">
              <MembrosGrupo
                membros={v.membros}
                aoMudar={(membros) => mudar({ membros })}
                erro={erros.membros?.message}
                desabilitado={!pode}
              />
            </Paper>
          </Grid.Col>
        </Grid>
        <RodapeFormulario aoVoltar={voltar} podeSalvar={pode} salvando={formState.isSubmitting} />
      </Stack>
    </form>
  );
}
