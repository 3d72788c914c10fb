/** The user's access: stores with one principal, groups, active and administrator (admins only). */
import { Grid, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SelecaoMultipla } from '../../ui/SelecaoMultipla';
import { listarGrupos, listarLojas, type Usuario } from './api';
import type { ValoresUsuario } from './usuario-form';

export function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="sm" p="md">
      <Text fw={600} fz="sm" mb="sm">
        {titulo}
      </Text>
      {children}
    </Paper>
  );
}

interface Props {
  /** An administrator with the permission edits; anyone else reads. */
  completo: boolean;
  v: ValoresUsuario;
  mudar: (p: Partial<ValoresUsuario>) => void;
  erros: Partial<Record<string, string>>;
  salvo?: Usuario;
}

export function AcessoUsuario({ completo, v, mudar, erros, salvo }: Props) {
  const lojas = useQuery({ queryKey: ['lojas-todas'], queryFn: listarLojas, enabled: completo });
  const grupos = useQuery({
    queryKey: ['grupos-opcoes'],
    queryFn: () => listarGrupos(new URLSearchParams({ count: '1000', sort: 'nome' })),
    enabled: completo,
  });
  // stores are labelled `id - fantasia` (domain §1)
  const opcoesLojas = (lojas.data?.items ?? []).map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia}` }));
  const lojasDoUsuario = salvo?.lojasUsuario ?? [];
  const opcoesGrupos = (grupos.data?.items ?? []).map((g) => ({
    value: String(g.id),
    label: g.statusDeAtivacao === 'ATIVO' ? g.nome : `${g.nome} (inativo)`,
  }));
  return (
    <Grid gap="sm">
      {completo ? (
        <>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelecaoMultipla
              tamanho="sm"
              label="Lojas"
              opcoes={opcoesLojas}
              valor={v.lojas}
              maxChips={3}
              aoSalvar={(l) =>
                mudar({
                  lojas: l,
                  lojaPrincipal: v.lojaPrincipal && l.includes(v.lojaPrincipal) ? v.lojaPrincipal : (l[0] ?? null),
                })
              }
              erro={erros.lojasUsuario}
              data-cy="usuario-lojas"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Loja principal"
              placeholder="Selecione entre as lojas do usuário"
              data={opcoesLojas.filter((o) => v.lojas.includes(o.value))}
              value={v.lojaPrincipal}
              onChange={(lojaPrincipal) => mudar({ lojaPrincipal })}
              allowDeselect={false}
              data-cy="usuario-loja-principal"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelecaoMultipla
              tamanho="sm"
              label="Grupos"
              opcoes={opcoesGrupos}
              valor={v.grupos}
              maxChips={3}
              aoSalvar={(g) => mudar({ grupos: g })}
              erro={erros.grupos}
              data-cy="usuario-grupos"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Group gap="xl" mt={28}>
              <Switch
                label="Ativo"
                checked={v.ativo}
                onChange={(e) => mudar({ ativo: e.currentTarget.checked })}
                data-cy="usuario-ativo"
              />
              <Switch
                label="Administrador"
                checked={v.administrador}
                onChange={(e) => mudar({ administrador: e.currentTarget.checked })}
                error={erros.administrador}
                data-cy="usuario-administrador"
              />
            </Group>
          </Grid.Col>
        </>
      ) : (
        <Grid.Col span={12}>
          <Stack gap={4} data-cy="usuario-acesso-leitura">
            <Text fz="sm">
              <b>Lojas:</b>{' '}
              {lojasDoUsuario
                .map((l) => `${l.lojaId} - ${l.fantasia ?? l.sigla ?? ''}${l.principal ? ' (principal)' : ''}`)
                .join(', ') || '—'}
            </Text>
            <Text fz="sm">
              <b>Grupos:</b> {salvo?.grupos.map((g) => g.nome).join(', ') || '—'}
            </Text>
            <Text fz="xs" c="dimmed">
              Lojas, grupos e perfil são definidos pelo administrador.
            </Text>
          </Stack>
        </Grid.Col>
      )}
    </Grid>
  );
}
