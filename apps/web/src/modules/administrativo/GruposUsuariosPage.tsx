/**
 * gruposUsuarios (spec §2.4): an administrator's tabs 'Grupos' and 'Usuários'. A non-administrator
 * never gets here: the route's guard sends them to their own registration.
 */
import { Button, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { perm } from '@retaguarda/domain';
import { IconPencil, IconPlus, IconToggleLeft, IconToggleRight, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { toast } from '../../lib/toasts';
import { toastDeErro } from '../../lib/erros';
import { Abas } from '../../ui/Abas';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { usePermissao } from '../../servicos/sessao/permissao';
import {
  alterarGrupo,
  alterarUsuario,
  excluirGrupo,
  type GrupoResumo,
  listarGrupos,
  listarUsuarios,
  obterGrupo,
  obterUsuario,
  type UsuarioResumo,
} from './api';
import { BadgeStatus, ListaIdentidade } from './ListaIdentidade';
import { entradaDoUsuario } from './usuario-form';
import { formatarDataHora } from '../../lib/formato';

const INCLUIR = [perm('NOVO_USUARIOS_E_GRUPOS', 'INCLUIR')];
const EDITAR = [perm('NOVO_USUARIOS_E_GRUPOS', 'EDITAR')];
const EXCLUIR = [perm('NOVO_USUARIOS_E_GRUPOS', 'EXCLUIR')];
const ABAS = [
  { label: 'Grupos', id: 'grupos' },
  { label: 'Usuários', id: 'usuarios' },
];
const ENTIDADE = 'grupos e usuários';

/** dd/mm/aaaa hh:mm, or a dash when absent */
const dataHora = (v: string | null) => formatarDataHora(v) || '—';

const COLUNAS_GRUPOS: ColunaTabela<GrupoResumo>[] = [
  { id: 'id', titulo: 'Código', ordenavel: true, largura: 100, codigo: true, celula: (g) => g.id },
  { id: 'nome', titulo: 'Nome', ordenavel: true, celula: (g) => g.nome },
  {
    id: 'statusDeAtivacao',
    titulo: 'Status',
    ordenavel: true,
    largura: 120,
    celula: (g) => <BadgeStatus ativo={g.statusDeAtivacao === 'ATIVO'} />,
  },
];

const COLUNAS_USUARIOS: ColunaTabela<UsuarioResumo>[] = [
  { id: 'id', titulo: 'Código', ordenavel: true, largura: 100, codigo: true, celula: (u) => u.id },
  { id: 'nome', titulo: 'Nome', ordenavel: true, celula: (u) => u.nome },
  { id: 'username', titulo: 'Usuário', ordenavel: true, celula: (u) => u.username },
  { id: 'email', titulo: 'E-mail', ordenavel: true, celula: (u) => u.email || '—' },
  { id: 'administrador', titulo: 'Perfil', celula: (u) => (u.administrador ? 'Administrador' : 'Usuário') },
  { id: 'ultimoAcesso', titulo: 'Último acesso', ordenavel: true, celula: (u) => dataHora(u.ultimoAcesso) },
  { id: 'ativo', titulo: 'Status', ordenavel: true, largura: 120, celula: (u) => <BadgeStatus ativo={u.ativo} /> },
];

export function GruposUsuariosPage() {
  const { titulo } = useRotaAtual();
  const [query, setQuery] = useSearchParams();
  const aba = query.get('aba') === 'usuarios' ? 'usuarios' : 'grupos';
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const podeIncluir = usePermissao(INCLUIR);
  const podeEditar = usePermissao(EDITAR);
  const podeExcluir = usePermissao(EXCLUIR);
  const [excluindo, setExcluindo] = useState<GrupoResumo | null>(null);
  // the name stays while the modal fades out
  const [nomeExcluindo, setNomeExcluindo] = useState('');
  const [enviando, setEnviando] = useState(false);

  // the registration's 'Voltar' comes back to this very view (tab, filters, page)
  const voltar = { state: { voltar: `${location.pathname}${location.search}` } };
  const abrirGrupo = (g?: GrupoResumo) => navigate(`/gruposUsuario/grupos/cadastro${g ? `/${g.id}` : ''}`, voltar);
  const abrirUsuario = (u?: UsuarioResumo) => navigate(`/gruposUsuario/cadastro${u ? `/${u.id}` : ''}`, voltar);

  const executar = async (acao: () => Promise<unknown>, sucesso: string, chave: string) => {
    try {
      await acao();
      toast({ type: 'success', title: 'Sucesso', message: sucesso });
      await qc.invalidateQueries({ queryKey: [chave] });
    } catch (e) {
      toast(toastDeErro(e, { entidade: ENTIDADE }));
    }
  };

  const alternarGrupo = (g: GrupoResumo) =>
    executar(
      async () => {
        const atual = await obterGrupo(g.id);
        const statusDeAtivacao = atual.statusDeAtivacao === 'ATIVO' ? 'INATIVO' : 'ATIVO';
        await alterarGrupo(g.id, { nome: atual.nome, statusDeAtivacao, versao: atual.versao });
      },
      g.statusDeAtivacao === 'ATIVO' ? `Grupo ${g.nome} inativado.` : `Grupo ${g.nome} ativado.`,
      'grupos-usuario',
    );

  const alternarUsuario = (u: UsuarioResumo) =>
    executar(
      async () => {
        const atual = await obterUsuario(u.id);
        await alterarUsuario(u.id, { ...entradaDoUsuario(atual), ativo: !atual.ativo });
      },
      u.ativo ? `Usuário ${u.nome} inativado.` : `Usuário ${u.nome} ativado.`,
      'usuarios',
    );

  const confirmarExclusao = async () => {
    if (!excluindo) return;
    setEnviando(true);
    await executar(() => excluirGrupo(excluindo.id), `Grupo ${excluindo.nome} excluído.`, 'grupos-usuario');
    setEnviando(false);
    setExcluindo(null);
  };

  const novo = aba === 'grupos' ? 'Novo grupo' : 'Novo usuário';
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Tooltip label="Você não tem permissão para incluir." disabled={podeIncluir}>
          <Button
            size="sm"
            leftSection={<IconPlus size={16} />}
            disabled={!podeIncluir}
            onClick={() => (aba === 'grupos' ? abrirGrupo() : abrirUsuario())}
            data-cy="botao-novo"
          >
            {novo}
          </Button>
        </Tooltip>
      </Group>
      <Abas
        itens={ABAS}
        selecionada={aba}
        aoSelecionar={(id) => setQuery(id === 'usuarios' ? { aba: id } : {}, { replace: true })}
      />
      {aba === 'grupos' ? (
        <ListaIdentidade<GrupoResumo>
          key="grupos"
          chave="grupos-usuario"
          tipo="grupo"
          rotulo="Grupos"
          colunas={COLUNAS_GRUPOS}
          buscar={listarGrupos}
          aoAbrir={abrirGrupo}
          acoes={(g) => [
            {
              label: 'Editar',
              icone: <IconPencil size={16} />,
              aoClicar: () => abrirGrupo(g),
              desabilitada: !podeEditar,
            },
            {
              label: g.statusDeAtivacao === 'ATIVO' ? 'Inativar' : 'Ativar',
              icone: g.statusDeAtivacao === 'ATIVO' ? <IconToggleLeft size={16} /> : <IconToggleRight size={16} />,
              aoClicar: () => alternarGrupo(g),
              desabilitada: !podeEditar,
            },
            {
              label: 'Excluir',
              icone: <IconTrash size={16} />,
              cor: 'red',
              aoClicar: () => {
                setNomeExcluindo(g.nome);
                setExcluindo(g);
              },
              desabilitada: !podeExcluir,
            },
          ]}
        />
      ) : (
        <ListaIdentidade<UsuarioResumo>
          key="usuarios"
          chave="usuarios"
          tipo="usuario"
          rotulo="Usuários"
          colunas={COLUNAS_USUARIOS}
          buscar={listarUsuarios}
          aoAbrir={abrirUsuario}
          acoes={(u) => [
            {
              label: 'Editar',
              icone: <IconPencil size={16} />,
              aoClicar: () => abrirUsuario(u),
              desabilitada: !podeEditar,
            },
            {
              label: u.ativo ? 'Inativar' : 'Ativar',
              icone: u.ativo ? <IconToggleLeft size={16} /> : <IconToggleRight size={16} />,
              aoClicar: () => alternarUsuario(u),
              desabilitada: !podeEditar,
            },
          ]}
        />
      )}
      <Modal opened={excluindo !== null} onClose={() => setExcluindo(null)} title="Excluir grupo" centered>
        <Text fz="sm">
          Deseja excluir o grupo <b>{nomeExcluindo}</b>? Esta ação não pode ser desfeita.
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setExcluindo(null)}>
            Cancelar
          </Button>
          <Button color="red" loading={enviando} onClick={confirmarExclusao} data-cy="confirmar-exclusao">
            Excluir
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
