/**
 * "Grupos e subgrupos" in the seção's form: the seção's grupos by name, each opening to its subgrupos;
 * add, rename in place, inactivate and delete (with confirmation; a refusal says where it is used), by
 * the user's grants of the Seção register, which the server also applies to these routes.
 */
import { Alert, Badge, Box, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { grupoProduto, registerByKey, type RegisterDef } from '@retaguarda/domain';
import { IconLock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmarExclusao } from '../../../registers/lista/ConfirmarExclusao';
import { type Permissoes, usePermissoes } from '../../../registers/permissoes';
import { contagem } from '../../../ui/plural';
import {
  caminhoGrupos,
  inativarOuAtivar,
  caminhoSubgrupos,
  incluir,
  type Item,
  useHierarquiaDaSecao,
} from './hierarquia-da-secao';
import { LinhaDaHierarquia } from './LinhaDaHierarquia';
import { NomeEmLinha } from './NomeEmLinha';

const SECAO = registerByKey('secao') as RegisterDef;
const SUBGRUPO = registerByKey('subgrupo') as RegisterDef;

/** Said before a grupo's delete: its subgrupos go with it (the server deletes them in the same transaction). */
const avisoDosSubgrupos = (n: number) =>
  n === 0
    ? undefined
    : n === 1
      ? 'O subgrupo deste grupo também será excluído.'
      : `Os ${n.toLocaleString('pt-BR')} subgrupos deste grupo também serão excluídos.`;

interface Exclusao {
  def: RegisterDef;
  caminho: string;
  item: Item;
  aviso?: string;
}

function Subgrupos(p: {
  secaoId: string;
  grupo: Item;
  itens: Item[];
  permissoes: Permissoes;
  recarregar: () => Promise<void>;
  aoExcluir: (e: Exclusao) => void;
}) {
  const caminho = caminhoSubgrupos(p.secaoId, p.grupo.id);
  return (
    <>
      {p.itens.length === 0 && (
        <Text fz="xs" c="dimmed" py={4}>
          Nenhum subgrupo.
        </Text>
      )}
      <Box component="ul" m={0} p={0} aria-label={`Subgrupos de ${p.grupo.descricao}`}>
        {p.itens.map((s) => (
          <LinhaDaHierarquia
            key={s.id}
            item={s}
            tipo={{ nome: 'subgrupo', caminho }}
            permissoes={p.permissoes}
            recarregar={p.recarregar}
            aoExcluir={(item) => p.aoExcluir({ def: SUBGRUPO, caminho, item })}
          />
        ))}
      </Box>
      {p.permissoes.incluir && (
        <Box pt={6}>
          <NomeEmLinha
            rotulo={`Novo subgrupo de ${p.grupo.descricao}`}
            placeholder="Novo subgrupo"
            textoBotao="Adicionar subgrupo"
            autoFocus
            aoSalvar={async (nome) => {
              await incluir(caminho, nome);
              await p.recarregar();
            }}
            dataCy="novo-subgrupo"
          />
        </Box>
      )}
    </>
  );
}

function Grupos({ secaoId }: { secaoId: string }) {
  const permissoes = usePermissoes(SECAO);
  const { grupos, subgrupos, recarregar } = useHierarquiaDaSecao(secaoId);
  const [abertos, setAbertos] = useState<ReadonlySet<number>>(new Set());
  const [exclusao, setExclusao] = useState<Exclusao | null>(null);
  const caminho = caminhoGrupos(secaoId);
  const subsDe = (g: Item) => (subgrupos.data ?? []).filter((s) => s.grupoId === g.id);
  const alternar = (id: number) =>
    setAbertos((a) => {
      const n = new Set(a);
      if (!n.delete(id)) n.add(id);
      return n;
    });

  if (grupos.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm">Carregando grupos…</Text>
      </Group>
    );
  if (grupos.isError)
    return (
      <Alert color="red" title="Não foi possível carregar os grupos.">
        Tente de novo em instantes.
      </Alert>
    );
  return (
    <>
      {grupos.data.length === 0 && (
        <Text fz="sm" c="dimmed">
          Nenhum grupo nesta seção.
        </Text>
      )}
      <Box component="ul" m={0} p={0} aria-label="Grupos da seção">
        {grupos.data.map((g) => {
          const subs = subsDe(g);
          return (
            <LinhaDaHierarquia
              key={g.id}
              item={g}
              tipo={{ nome: 'grupo', caminho }}
              permissoes={permissoes}
              recarregar={recarregar}
              aoExcluir={(item) =>
                setExclusao({
                  def: grupoProduto,
                  caminho,
                  item,
                  aviso: avisoDosSubgrupos(subs.length),
                })
              }
              filhos={{
                aberto: abertos.has(g.id),
                alternar: () => alternar(g.id),
                resumo: subgrupos.isSuccess ? contagem(subs.length, 'subgrupo', 'subgrupos') : '',
                conteudo: (
                  <Subgrupos
                    secaoId={secaoId}
                    grupo={g}
                    itens={subs}
                    permissoes={permissoes}
                    recarregar={recarregar}
                    aoExcluir={setExclusao}
                  />
                ),
              }}
            />
          );
        })}
      </Box>
      {permissoes.incluir && (
        <Box pt="sm">
          <NomeEmLinha
            rotulo="Novo grupo"
            placeholder="Novo grupo"
            textoBotao="Adicionar grupo"
            aoSalvar={async (nome) => {
              await incluir(caminho, nome);
              await recarregar();
            }}
            dataCy="novo-grupo"
          />
        </Box>
      )}
      <ConfirmarExclusao
        def={exclusao?.def ?? grupoProduto}
        base={exclusao?.caminho ?? caminho}
        item={exclusao?.item ?? null}
        rotulo={exclusao?.item.descricao ?? ''}
        aviso={exclusao?.aviso}
        podeInativar={permissoes.editar}
        aoFechar={() => setExclusao(null)}
        aoExcluido={() => void recarregar()}
        aoInativar={(item) => {
          if (exclusao) void inativarOuAtivar(exclusao.caminho, item as Item, recarregar);
        }}
      />
    </>
  );
}

/** The register form's area slot: the section on a saved seção; on a new one, what saving enables. */
export function AreaDaSecao({ registro, id }: { registro: string; id?: string }) {
  const permissoes = usePermissoes(SECAO);
  const tituloId = useId();
  if (registro !== 'secao') return null;
  const somenteLeitura = !permissoes.incluir && !permissoes.editar && !permissoes.excluir;
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby={tituloId} data-cy="grupos-da-secao">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md" fw={600} id={tituloId}>
          Grupos e subgrupos
        </Title>
        {id !== undefined && somenteLeitura && (
          <Badge variant="outline" color="gray" radius="sm" leftSection={<IconLock size={12} />}>
            Somente leitura
          </Badge>
        )}
        {id !== undefined && !somenteLeitura && (
          <Text fz="xs" c="dimmed">
            Salvos na hora: Enter salva o nome, Esc cancela.
          </Text>
        )}
      </Group>
      {id === undefined ? (
        <Text fz="sm" c="dimmed" data-cy="grupos-salve-antes">
          Salve a seção para cadastrar grupos.
        </Text>
      ) : (
        <Grupos secaoId={id} />
      )}
    </Paper>
  );
}
