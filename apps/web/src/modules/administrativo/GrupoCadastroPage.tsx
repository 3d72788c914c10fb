/**
 * grupocadastro (spec §2.4, 'Cadastro de grupo'): name, status, the permission picker and the
 * members; one save writes them together.
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
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { perm } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { aposNavegar } from '../../app/routing/navegacao';
import { useRotaAtual } from '../../app/shell/useRotaAtual';
import { toast } from '../../app/toasts/store';
import { toastDeErro } from '../../lib/erros';
import { razoesDe } from '../../registers/api';
import { SairSemSalvar } from '../../registers/formulario/SairSemSalvar';
import { usePermissao } from '../../ui/ComPermissao';
import { alterarGrupo, incluirGrupo, type Membro, obterGrupo, type Status } from './api';
import { errosPorCampo } from './filtros';
import { MembrosGrupo } from './MembrosGrupo';
import { RodapeCadastro } from './RodapeCadastro';
import { SeletorPermissoes } from './SeletorPermissoes';

interface Valores {
  nome: string;
  statusDeAtivacao: Status;
  permissoes: string[];
  membros: Membro[];
}
const VAZIO: Valores = { nome: '', statusDeAtivacao: 'ATIVO', permissoes: [], membros: [] };

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
  const [v, setV] = useState<Valores>(VAZIO);
  const [base, setBase] = useState<Valores>(VAZIO);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [salvando, setSalvando] = useState(false);

  useEffect(() => {
    if (!consulta.data) return;
    const { nome, statusDeAtivacao, permissoes, membros } = consulta.data;
    const iniciais = { nome, statusDeAtivacao, permissoes: [...permissoes].sort(), membros };
    setV(iniciais);
    setBase(iniciais);
  }, [consulta.data]);

  const mudar = (p: Partial<Valores>) => {
    setV((x) => ({ ...x, ...p }));
    setErros((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in p))));
  };
  const sujo = JSON.stringify(v) !== JSON.stringify(base);
  const location = useLocation();
  const voltar = () => navigate((location.state as { voltar?: string } | null)?.voltar ?? '/gruposUsuarios');

  const salvar = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!v.nome.trim()) {
      setErros({ nome: 'Informe o nome do grupo.' });
      return;
    }
    setSalvando(true);
    try {
      const corpo = {
        nome: v.nome.trim(),
        statusDeAtivacao: v.statusDeAtivacao,
        permissoes: v.permissoes,
        membros: v.membros.map((m) => m.id),
        versao: consulta.data?.versao,
      };
      const salvo = novo ? await incluirGrupo(corpo) : await alterarGrupo(id as string, corpo);
      const agora = { ...v, nome: salvo.nome, permissoes: [...salvo.permissoes].sort(), membros: salvo.membros };
      setBase(agora);
      setV(agora);
      // the saved record (with its new versao) is the form's data from now on, also at a new URL
      qc.setQueryData(['grupo', String(salvo.id)], salvo);
      await qc.invalidateQueries({ queryKey: ['grupos-usuario'] });
      if (novo) {
        // shown once the navigation to the saved record ends (navigating clears the toasts)
        aposNavegar({ type: 'success', title: 'Sucesso', message: `Grupo ${salvo.nome} incluído.` });
        navigate(`/gruposUsuario/grupos/cadastro/${salvo.id}`, { replace: true, state: location.state });
      } else toast({ type: 'success', title: 'Sucesso', message: 'Alterações salvas.' });
    } catch (err) {
      const r = razoesDe(err);
      const { campos, soltas } = errosPorCampo(r.reasons);
      if ((r.status === 422 || r.status === 409) && Object.keys(campos).length) setErros(campos);
      else if (r.status === 409 && !r.reasons.length && /grupo com este nome/.test(r.message))
        setErros({ nome: r.message });
      if (soltas.length || !Object.keys(campos).length) toast(toastDeErro(err, { entidade: 'grupos de usuários' }));
    } finally {
      setSalvando(false);
    }
  };

  if (!novo && consulta.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (!novo && consulta.isError)
    return (
      <Alert color="red" title="Não foi possível carregar o grupo." icon={<IconAlertTriangle size={18} />}>
        <Button size="xs" mt="sm" variant="default" onClick={() => consulta.refetch()}>
          Tentar de novo
        </Button>
      </Alert>
    );

  return (
    <form onSubmit={salvar} noValidate data-cy="formulario-grupo">
      <SairSemSalvar pendente={sujo && !salvando} />
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
                error={erros.nome}
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
                {erros.permissoes}
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
                erro={erros.membros}
                desabilitado={!pode}
              />
            </Paper>
          </Grid.Col>
        </Grid>
        <RodapeCadastro aoVoltar={voltar} podeSalvar={pode} salvando={salvando} />
      </Stack>
    </form>
  );
}
