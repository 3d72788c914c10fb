/**
 * Rows of another register that belong to the record being edited (a product's barcodes and its
 * prices per store), listed and added inside the parent's form through the sub-register's own API,
 * so each row keeps its id, its validation, its store scope and its audit.
 */
import { Alert, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { emitRsql, type FieldDef, type RegisterDef, registerByKey, rsql } from '@retaguarda/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { toast } from '../../lib/toasts';
import { toastDeErro } from '../../lib/erros';
import { criar, excluir, listar, type Registro, razoesDe } from '../api';
import { displayDe, inputDe } from '../fields';
import { usePermissoes } from '../permissoes';

interface Sub {
  key: string;
  /** the sub-register's field that points at the parent. */
  campo: string;
  titulo: string;
}

/**
 * Parent register → the registers edited inside its form. (A product's barcodes and prices are now
 * fields of its own form, saved with it in one request: `codigosAuxiliares`, `precos`.)
 */
const SUBREGISTROS: Record<string, Sub[]> = {};

/** The list columns of the sub-register, less the parent pointer: what a row shows and what a new row asks. */
function camposDe(def: RegisterDef, campo: string): FieldDef[] {
  return def.list.columns
    .map((c) => def.fields.find((f) => f.name === c.field))
    .filter((f): f is FieldDef => !!f && f.name !== campo && !(f.name === 'id' && def.idKind !== 'code'));
}

function inicial(campos: FieldDef[]): Registro {
  return Object.fromEntries(campos.map((f) => [f.name, f.default ?? null]));
}

function Painel({ sub, pai, somenteLeitura }: { sub: Sub; pai: string; somenteLeitura: boolean }) {
  const def = registerByKey(sub.key)!;
  const base = `/api${def.paths[0]!.path}`;
  const campos = camposDe(def, sub.campo);
  const permissoes = usePermissoes(def);
  const [novo, setNovo] = useState<Registro>(() => inicial(campos));
  const [erros, setErros] = useState<string[]>([]);
  const [gravando, setGravando] = useState(false);
  const consulta = useQuery({
    queryKey: ['registros', base, sub.campo, pai],
    queryFn: ({ signal }) =>
      listar(
        base,
        new URLSearchParams({ q: emitRsql(rsql.eq(sub.campo, pai)) ?? '', sort: 'id', count: '200' }),
        signal,
      ),
  });
  const linhas = consulta.data?.items ?? [];

  async function adicionar() {
    setGravando(true);
    setErros([]);
    try {
      await criar(base, { ...novo, [sub.campo]: Number(pai) });
      setNovo(inicial(campos));
      toast({ type: 'success', title: 'Sucesso', message: def.label.incluido });
      await consulta.refetch();
    } catch (e) {
      const r = razoesDe(e);
      if (r.status === 422 || r.status === 409) setErros([r.message, ...r.reasons].filter(Boolean));
      else toast(toastDeErro(e, { entidade: def.label.plural }));
    } finally {
      setGravando(false);
    }
  }

  async function remover(id: unknown) {
    try {
      await excluir(base, String(id));
      await consulta.refetch();
    } catch (e) {
      toast(toastDeErro(e, { entidade: def.label.plural }));
    }
  }

  // Enter adds the row instead of submitting the parent's form
  const enter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!gravando) void adicionar();
  };
  const podeIncluir = permissoes.incluir && !somenteLeitura;
  const podeExcluir = permissoes.excluir && !somenteLeitura;

  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-label={sub.titulo} data-cy={`sub-${sub.key}`}>
      <Title order={2} fz="md" fw={600} mb="sm">
        {sub.titulo}
      </Title>
      <Table striped withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {campos.map((f) => (
              <Table.Th key={f.name}>{f.label}</Table.Th>
            ))}
            {podeExcluir && <Table.Th w={48} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.map((l) => (
            <Table.Tr key={String(l.id)} data-cy={`linha-${sub.key}`}>
              {campos.map((f) => {
                const D = displayDe(f);
                return (
                  <Table.Td key={f.name}>
                    <D field={f} value={l[f.name]} />
                  </Table.Td>
                );
              })}
              {podeExcluir && (
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Excluir ${def.label.singular.toLowerCase()}`}
                    onClick={() => remover(l.id)}
                    data-cy={`excluir-${sub.key}`}
                  >
                    <IconTrash size={14} />
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {!consulta.isPending && linhas.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={campos.length + 1}>
                <Text fz="sm" c="dimmed">
                  Nenhum registro.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {podeIncluir && (
        // biome-ignore lint/a11y/noStaticElementInteractions: only catches Enter from the inputs inside
        <div onKeyDown={enter}>
          <Group mt="sm" align="flex-end" gap="sm" wrap="wrap">
            {campos.map((f) => {
              const Input = inputDe(f);
              return (
                <div key={f.name} style={{ minWidth: f.type === 'loja' ? 220 : 150 }}>
                  <Input
                    field={f}
                    value={novo[f.name]}
                    onChange={(v) => setNovo((x) => ({ ...x, [f.name]: v }))}
                    caminho={`${sub.key}-${f.name}`}
                  />
                </div>
              );
            })}
            <Button
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={adicionar}
              loading={gravando}
              data-cy={`adicionar-${sub.key}`}
            >
              Adicionar
            </Button>
          </Group>
          {erros.length > 0 && (
            <Alert color="red" mt="sm" role="alert" data-cy={`erro-${sub.key}`}>
              {erros.map((m) => (
                <div key={m}>{m}</div>
              ))}
            </Alert>
          )}
        </div>
      )}
    </Paper>
  );
}

/** The sub-registers of a saved record (a new one has no id to point at yet). */
export function Subregistros({ def, id, somenteLeitura }: { def: RegisterDef; id?: string; somenteLeitura: boolean }) {
  const subs = SUBREGISTROS[def.key];
  if (!subs) return null;
  if (id === undefined)
    return (
      <Text fz="sm" c="dimmed">
        Salve o cadastro para incluir {subs.map((s) => s.titulo.toLowerCase()).join(' e ')}.
      </Text>
    );
  return (
    <>
      {subs.map((s) => (
        <Painel key={s.key} sub={s} pai={id} somenteLeitura={somenteLeitura} />
      ))}
    </>
  );
}
