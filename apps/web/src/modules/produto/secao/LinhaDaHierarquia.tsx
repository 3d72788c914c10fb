/**
 * One grupo or subgrupo in the seção's form: its name (renamed in place), "Inativo" when it is, and its
 * actions by the user's grants of the Seção register; a grupo also opens to its subgrupos (`filhos`).
 */
import { ActionIcon, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconPencil,
  IconPlayerPlay,
  IconPlayerPause,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { toast } from '../../../lib/toasts';
import { falhaDaApi } from '../../../lib/erros';
import { MenuKebab } from '../../../ui/MenuKebab';
import type { Permissoes } from '../../../registers/permissoes';
import { inativarOuAtivar, type Item, renomear } from './hierarquia-da-secao';
import { NomeEmLinha } from './NomeEmLinha';

export interface Tipo {
  /** 'grupo' / 'subgrupo', inside sentences ("Renomear grupo Colônias") */
  nome: string;
  caminho: string;
}

interface Props {
  item: Item;
  tipo: Tipo;
  permissoes: Permissoes;
  recarregar: () => Promise<void>;
  aoExcluir: (item: Item) => void;
  /** a grupo: what it holds (its subgrupos), shown when opened, and a word on them beside the name */
  filhos?: { aberto: boolean; alternar: () => void; resumo: string; conteudo: ReactNode };
}

export function LinhaDaHierarquia({ item, tipo, permissoes, recarregar, aoExcluir, filhos }: Props) {
  const [editando, setEditando] = useState(false);
  const nome = item.descricao;
  const inativo = item.ativo === false;

  const alternar = () => inativarOuAtivar(tipo.caminho, item, recarregar);

  const acoes = [
    ...(permissoes.editar
      ? [
          {
            label: inativo ? 'Ativar' : 'Inativar',
            icone: inativo ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />,
            aoClicar: alternar,
            dataCy: 'alternar-ativo',
          },
        ]
      : []),
    ...(permissoes.excluir
      ? [
          {
            label: 'Excluir',
            icone: <IconTrash size={14} />,
            cor: 'red',
            aoClicar: () => aoExcluir(item),
            dataCy: 'excluir',
          },
        ]
      : []),
  ];

  return (
    <Box component="li" data-cy={`linha-${tipo.nome}`} data-nome={nome} style={{ listStyle: 'none' }}>
      <Group
        gap={6}
        wrap="nowrap"
        py={4}
        px={4}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {filhos ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-expanded={filhos.aberto}
            aria-label={`${filhos.aberto ? 'Fechar' : 'Abrir'} subgrupos de ${nome}`}
            onClick={filhos.alternar}
            data-cy="abrir-grupo"
          >
            {filhos.aberto ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        {editando ? (
          <NomeEmLinha
            rotulo={`Novo nome do ${tipo.nome} ${nome}`}
            inicial={nome}
            autoFocus
            aoCancelar={() => setEditando(false)}
            aoSalvar={async (novo) => {
              await renomear(tipo.caminho, item, novo).catch(async (e) => {
                // changed meanwhile (stale versão): the list shows the current row, the refusal stays by the input
                if (falhaDaApi(e).status === 409 && !falhaDaApi(e).erros.length) await recarregar();
                throw e;
              });
              setEditando(false);
              toast({ type: 'success', title: 'Sucesso', message: 'Alterações salvas.' });
              await recarregar();
            }}
            dataCy="renomear-nome"
          />
        ) : (
          <>
            <Text fz="sm" fw={filhos ? 500 : 400} c={inativo ? 'dimmed' : undefined} data-cy="nome">
              {nome}
            </Text>
            {inativo && (
              <Badge size="xs" variant="light" color="gray" radius="sm">
                Inativo
              </Badge>
            )}
            {filhos && (
              <Text fz="xs" c="dimmed">
                {filhos.resumo}
              </Text>
            )}
            <Box style={{ flex: 1 }} />
            {permissoes.editar && (
              <Tooltip label="Renomear" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Renomear ${tipo.nome} ${nome}`}
                  onClick={() => setEditando(true)}
                  data-cy="renomear"
                >
                  <IconPencil size={14} />
                </ActionIcon>
              </Tooltip>
            )}
            {acoes.length > 0 && (
              <MenuKebab acoes={acoes} rotulo={`Ações do ${tipo.nome} ${nome}`} tamanho="sm" dataCy="acoes" />
            )}
          </>
        )}
      </Group>
      {filhos?.aberto && (
        <Box pl={28} pb={6}>
          {filhos.conteudo}
        </Box>
      )}
    </Box>
  );
}
