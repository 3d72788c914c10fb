/**
 * usuariocadastro (spec §2.4, domain §1.3): an administrator creates and edits users; any user
 * edits their own personal data (name, e-mail, contacts, photo, password). react-hook-form with the
 * domain's `usuarioFormulario`; the server's field errors (`erros`) show under their fields, a taken
 * username (409) under the username. Spec §7: the groups load with GET /api/v1/usuarios/{id}/grupos;
 * a new user is created whole (groups in the same transaction), an existing one is saved by the PUT
 * without groups, then POST …/grupos, which replaces the whole group set in one transaction. Should
 * that POST fail, the screen shows the groups the server kept.
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
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import {
  comandoAlterarUsuario,
  comandoIncluirUsuario,
  type GruposDoUsuario,
  perm,
  usuarioFormulario,
} from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { comCarregamento } from '../../servicos/estado-ui';
import { aposNavegar } from '../../servicos/navegacao/navegacao';
import { useSessao } from '../../servicos/sessao/store';
import { toast } from '../../lib/toasts';
import { useComando } from '../../lib/comando/useComando';
import { falhaDaApi, mostrarErrosNosCampos, toastDeErro } from '../../lib/erros';
import { SairSemSalvar } from '../../registers/formulario/SairSemSalvar';
import { usePermissao } from '../../servicos/sessao/permissao';
import { SelecaoPesquisavel } from '../../ui/SelecaoPesquisavel';
import { definirGruposDoUsuario, gruposDoUsuario, listarSetores, obterUsuario, trocarSenha, type Usuario } from './api';
import { AcessoUsuario, Secao } from './AcessoUsuario';
import { AvatarUsuario } from './AvatarUsuario';
import { ContatosUsuario } from './ContatosUsuario';
import { RodapeFormulario } from '../../ui/RodapeFormulario';
import { corpoDoUsuario, VALORES_NOVO, type ValoresUsuario, valoresDoUsuario } from './usuario-form';

const EDITAR = [perm('NOVO_USUARIOS_E_GRUPOS', 'EDITAR')];
const INCLUIR = [perm('NOVO_USUARIOS_E_GRUPOS', 'INCLUIR')];

export function UsuarioCadastroPage() {
  const { id } = useParams();
  const novo = !id;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const eu = useSessao((s) => s.usuario);
  const carregarEu = useSessao((s) => s.carregarUsuario);
  const proprio = !novo && String(eu?.id) === id;
  const podeEditar = usePermissao(EDITAR);
  const podeIncluir = usePermissao(INCLUIR);
  // an administrator with the permission edits every field; others only their personal data
  const completo = !!eu?.administrador && (novo ? podeIncluir : podeEditar);
  const podeSalvar = completo || proprio;

  const consulta = useQuery({
    queryKey: ['usuario', id],
    queryFn: () => obterUsuario(id ?? ''),
    enabled: !novo,
    gcTime: 0,
    // read once per opening: a background refetch would reset what is being edited
    staleTime: Number.POSITIVE_INFINITY,
  });
  const gruposConsulta = useQuery({
    queryKey: ['usuario-grupos', id],
    queryFn: () => gruposDoUsuario(id ?? ''),
    enabled: !novo,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const setores = useQuery({ queryKey: ['setores'], queryFn: listarSetores, enabled: completo });

  const iniciais = useMemo(() => {
    if (!consulta.data) return VALORES_NOVO;
    const v = valoresDoUsuario(consulta.data);
    return gruposConsulta.data ? { ...v, grupos: gruposConsulta.data.grupos.map((g) => String(g.id)) } : v;
  }, [consulta.data, gruposConsulta.data]);
  const resolver = useMemo(() => zodResolver(usuarioFormulario({ novo, completo })), [novo, completo]);
  const form = useForm<ValoresUsuario>({ defaultValues: iniciais, resolver });
  const { formState, reset, setError, setValue, clearErrors, handleSubmit } = form;
  // one Idempotency-Key per submission: a double click or a retry after a lost answer saves once
  const inclusao = useComando(comandoIncluirUsuario);
  const alteracao = useComando(comandoAlterarUsuario);
  useEffect(() => reset(iniciais), [iniciais, reset]);
  const v = form.watch();
  // a field's error goes away once it changes (the stores answer for `lojasUsuario`)
  const mudar = (p: Partial<ValoresUsuario>) => {
    for (const [k, valor] of Object.entries(p) as [keyof ValoresUsuario, never][]) {
      setValue(k, valor, { shouldDirty: true });
      clearErrors(k === 'lojas' || k === 'lojaPrincipal' ? ('lojasUsuario' as never) : k);
    }
  };
  const erros: Partial<Record<string, string>> = Object.fromEntries(
    Object.entries(formState.errors).map(([k, e]) => [k, (e as { message?: string } | undefined)?.message]),
  );
  const location = useLocation();
  const voltar = () =>
    navigate(
      ((location.state as { voltar?: string } | null)?.voltar ?? eu?.administrador)
        ? '/gruposUsuarios?aba=usuarios'
        : '/',
    );

  const salvar = handleSubmit(async (valores) => {
    try {
      // own password: its own call, which keeps this session and ends the others
      const senhaAParte = proprio && !!valores.senha;
      const corpo = corpoDoUsuario(valores, { comSenha: !senhaAParte, versao: consulta.data?.versao });
      const grupos = valores.grupos.map(Number);
      // a new user carries its groups; an existing one's go by POST …/grupos after the PUT
      if (!completo || !novo) delete corpo.grupos;
      // under the global loading curtain (spec §2.3)
      const salvo = (await comCarregamento(() =>
        novo ? inclusao.executar(corpo) : alteracao.executar({ ...corpo, id: Number(id) }),
      )) as Usuario;
      const antes = (gruposConsulta.data?.grupos ?? []).map((g) => g.id);
      let falhaGrupos: unknown = null;
      if (!novo && completo && (antes.length !== grupos.length || antes.some((g) => !grupos.includes(g)))) {
        await definirGruposDoUsuario(salvo.id, grupos)
          .then((g) => qc.setQueryData(['usuario-grupos', String(salvo.id)], g))
          .catch((e: unknown) => {
            falhaGrupos = e;
          });
      }
      if (senhaAParte) await trocarSenha(salvo.id, valores.senha);
      // the saved record (with its new versao) is the form's data from now on, also at a new URL
      qc.setQueryData(['usuario', String(salvo.id)], salvo);
      if (novo) qc.setQueryData(['usuario-grupos', String(salvo.id)], { id: salvo.id, grupos: salvo.grupos });
      const gruposAgora =
        qc.getQueryData<GruposDoUsuario>(['usuario-grupos', String(salvo.id)])?.grupos ?? salvo.grupos;
      reset({ ...valoresDoUsuario(salvo), grupos: gruposAgora.map((g) => String(g.id)) });
      if (falhaGrupos) throw falhaGrupos;
      await qc.invalidateQueries({ queryKey: ['usuarios'] });
      if (proprio) await carregarEu().catch(() => undefined);
      if (novo) {
        // shown once the navigation to the saved record ends (navigating clears the toasts)
        aposNavegar({ type: 'success', title: 'Sucesso', message: `Usuário ${salvo.nome} incluído.` });
        navigate(`/gruposUsuario/cadastro/${salvo.id}`, { replace: true, state: location.state });
      } else toast({ type: 'success', title: 'Sucesso', message: 'Alterações salvas.' });
    } catch (err) {
      const r = falhaDaApi(err);
      const semCampo = r.status === 422 || r.status === 409 ? mostrarErrosNosCampos(r, setError) : true;
      if (semCampo) toast(toastDeErro(err, { entidade: 'usuários' }));
    }
  });

  if (!novo && (consulta.isPending || gruposConsulta.isPending)) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!novo && (consulta.isError || gruposConsulta.isError)) {
    return (
      <Alert color="red" title="Não foi possível carregar o usuário." icon={<IconAlertTriangle size={18} />}>
        <Button
          size="xs"
          mt="sm"
          variant="default"
          onClick={() => void Promise.all([consulta.refetch(), gruposConsulta.refetch()])}
        >
          Tentar de novo
        </Button>
      </Alert>
    );
  }

  const titulo = novo ? 'Novo usuário' : proprio ? 'Meu cadastro' : 'Cadastro de usuário';

  return (
    <form onSubmit={salvar} noValidate data-cy="formulario-usuario">
      <SairSemSalvar pendente={formState.isDirty && !formState.isSubmitting} />
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={1} fz={22} fw={600}>
            {titulo}
          </Title>
          {consulta.data && (
            <Badge variant="light" radius="sm" tt="none" size="lg" data-cy="identificacao-registro">
              {consulta.data.id} - {consulta.data.username}
            </Badge>
          )}
          {consulta.data && !consulta.data.ativo && (
            <Badge color="gray" radius="sm" tt="none" size="lg">
              Inativo
            </Badge>
          )}
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder radius="sm" p="md" h="100%">
              <AvatarUsuario
                uuid={v.avatarUuid}
                uuidSalvo={formState.defaultValues?.avatarUuid ?? null}
                nome={v.nome}
                aoMudar={(avatarUuid) => mudar({ avatarUuid })}
                desabilitado={!podeSalvar}
                erro={erros.avatarUuid}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Secao titulo="Dados pessoais">
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Nome"
                    required
                    value={v.nome}
                    error={erros.nome}
                    onChange={(e) => mudar({ nome: e.currentTarget.value })}
                    disabled={!podeSalvar}
                    data-cy="usuario-nome"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="Usuário"
                    description={completo ? 'Letras, números, ponto, hífen, sublinhado ou @.' : undefined}
                    required
                    value={v.username}
                    error={erros.username}
                    onChange={(e) => mudar({ username: e.currentTarget.value })}
                    disabled={!completo}
                    autoComplete="off"
                    data-cy="usuario-username"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label="E-mail"
                    type="email"
                    value={v.email}
                    error={erros.email}
                    onChange={(e) => mudar({ email: e.currentTarget.value })}
                    disabled={!podeSalvar}
                    data-cy="usuario-email"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  {completo ? (
                    <SelecaoPesquisavel
                      tamanhoPagina={15}
                      tamanho="sm"
                      label="Setor"
                      opcoes={(setores.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.descricao }))}
                      valor={v.setorId}
                      aoMudar={(setorId) => mudar({ setorId })}
                      erro={erros.setorId}
                      data-cy="usuario-setor"
                    />
                  ) : null}
                </Grid.Col>
              </Grid>
            </Secao>
          </Grid.Col>
        </Grid>
        <Secao titulo="Contatos">
          <ContatosUsuario
            contatos={v.contatos}
            aoMudar={(contatos) => mudar({ contatos })}
            erro={erros.contatos}
            desabilitado={!podeSalvar}
          />
        </Secao>
        <Secao titulo="Acesso">
          <AcessoUsuario completo={completo} v={v} mudar={mudar} erros={erros} salvo={consulta.data} />
        </Secao>
        {podeSalvar && (
          <Secao titulo={novo ? 'Senha' : 'Alterar senha'}>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <PasswordInput
                  label={novo ? 'Senha' : 'Nova senha'}
                  description={novo ? 'Ao menos 8 caracteres.' : 'Deixe em branco para manter a senha atual.'}
                  required={novo}
                  value={v.senha}
                  error={erros.senha}
                  onChange={(e) => mudar({ senha: e.currentTarget.value })}
                  autoComplete="new-password"
                  visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }}
                  data-cy="usuario-senha"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <PasswordInput
                  label="Confirmação da senha"
                  description={novo ? 'Repita a senha.' : 'Repita a nova senha.'}
                  value={v.confirmacao}
                  error={erros.confirmacao}
                  onChange={(e) => mudar({ confirmacao: e.currentTarget.value })}
                  autoComplete="new-password"
                  visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a confirmação' }}
                  data-cy="usuario-confirmacao"
                />
              </Grid.Col>
            </Grid>
          </Secao>
        )}
        <RodapeFormulario aoVoltar={voltar} podeSalvar={podeSalvar} salvando={formState.isSubmitting} />
      </Stack>
    </form>
  );
}
