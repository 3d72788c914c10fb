/**
 * usuariocadastro (spec §2.4, domain §1.3): an administrator creates and edits users; any user
 * edits their own personal data (name, e-mail, contacts, photo, password). Server reasons are
 * shown under their fields; a taken username (409) under the username.
 */
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
import { perm } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { aposNavegar } from '../../app/routing/navegacao';
import { useSessao } from '../../app/session/store';
import { toast } from '../../app/toasts/store';
import { toastDeErro } from '../../lib/erros';
import { razoesDe } from '../../registers/api';
import { SairSemSalvar } from '../../registers/formulario/SairSemSalvar';
import { usePermissao } from '../../ui/ComPermissao';
import { SelecaoPesquisavel } from '../../ui/SelecaoPesquisavel';
import { alterarUsuario, incluirUsuario, listarSetores, obterUsuario, trocarSenha, type Usuario } from './api';
import { AcessoUsuario, Secao } from './AcessoUsuario';
import { AvatarUsuario } from './AvatarUsuario';
import { ContatosUsuario } from './ContatosUsuario';
import { errosPorCampo } from './filtros';
import { RodapeCadastro } from './RodapeCadastro';
import { corpoDoUsuario, errosLocais, VALORES_NOVO, type ValoresUsuario, valoresDoUsuario } from './usuario-form';

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
  const setores = useQuery({ queryKey: ['setores'], queryFn: listarSetores, enabled: completo });

  const iniciais = useMemo(() => (consulta.data ? valoresDoUsuario(consulta.data) : VALORES_NOVO), [consulta.data]);
  const [v, setV] = useState<ValoresUsuario>(iniciais);
  const [base, setBase] = useState<ValoresUsuario>(iniciais);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [salvando, setSalvando] = useState(false);
  useEffect(() => {
    setV(iniciais);
    setBase(iniciais);
  }, [iniciais]);
  const mudar = (p: Partial<ValoresUsuario>) => {
    setV((x) => ({ ...x, ...p }));
    setErros((e) => {
      const prox = { ...e };
      for (const k of Object.keys(p)) delete prox[k === 'lojas' || k === 'lojaPrincipal' ? 'lojasUsuario' : k];
      return prox;
    });
  };
  const sujo = JSON.stringify(v) !== JSON.stringify(base);
  const location = useLocation();
  const voltar = () =>
    navigate(
      ((location.state as { voltar?: string } | null)?.voltar ?? eu?.administrador)
        ? '/gruposUsuarios?aba=usuarios'
        : '/',
    );

  const salvar = async (e?: FormEvent) => {
    e?.preventDefault();
    const locais = errosLocais(v, novo, completo);
    setErros(locais);
    if (Object.keys(locais).length) return;
    setSalvando(true);
    try {
      // own password: its own call, which keeps this session and ends the others
      const senhaAParte = proprio && !!v.senha;
      const corpo = corpoDoUsuario(v, { comSenha: !senhaAParte, versao: consulta.data?.versao });
      if (!completo) delete corpo.grupos;
      const salvo: Usuario = novo ? await incluirUsuario(corpo) : await alterarUsuario(id as string, corpo);
      if (senhaAParte) await trocarSenha(salvo.id, v.senha);
      const agora = { ...valoresDoUsuario(salvo), senha: '', confirmacao: '' };
      setBase(agora);
      setV(agora);
      // the saved record (with its new versao) is the form's data from now on, also at a new URL
      qc.setQueryData(['usuario', String(salvo.id)], salvo);
      await qc.invalidateQueries({ queryKey: ['usuarios'] });
      if (proprio) await carregarEu().catch(() => undefined);
      if (novo) {
        // shown once the navigation to the saved record ends (navigating clears the toasts)
        aposNavegar({ type: 'success', title: 'Sucesso', message: `Usuário ${salvo.nome} incluído.` });
        navigate(`/gruposUsuario/cadastro/${salvo.id}`, { replace: true, state: location.state });
      } else toast({ type: 'success', title: 'Sucesso', message: 'Alterações salvas.' });
    } catch (err) {
      const r = razoesDe(err);
      if (r.status === 422 || (r.status === 409 && r.reasons.length)) {
        const { campos, soltas } = errosPorCampo(r.reasons);
        setErros(campos);
        if (soltas.length || !Object.keys(campos).length) toast(toastDeErro(err, { entidade: 'usuários' }));
      } else toast(toastDeErro(err, { entidade: 'usuários' }));
    } finally {
      setSalvando(false);
    }
  };

  if (!novo && consulta.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!novo && consulta.isError) {
    return (
      <Alert color="red" title="Não foi possível carregar o usuário." icon={<IconAlertTriangle size={18} />}>
        <Button size="xs" mt="sm" variant="default" onClick={() => consulta.refetch()}>
          Tentar de novo
        </Button>
      </Alert>
    );
  }

  const titulo = novo ? 'Novo usuário' : proprio ? 'Meu cadastro' : 'Cadastro de usuário';

  return (
    <form onSubmit={salvar} noValidate data-cy="formulario-usuario">
      <SairSemSalvar pendente={sujo && !salvando} />
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
                uuidSalvo={base.avatarUuid}
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
        <RodapeCadastro aoVoltar={voltar} podeSalvar={podeSalvar} salvando={salvando} />
      </Stack>
    </form>
  );
}
