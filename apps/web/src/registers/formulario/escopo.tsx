/**
 * Store scope of a saved record (architecture §7.12): a record reaching stores the user does not hold
 * is read-only for them; the server refuses any change (registers/store-scope.ts), the form says so
 * before the user types. An empty store list means every store: the web knows only the user's stores,
 * so it leaves that case to the server's answer rather than lock a user who holds them all.
 */
import { Alert } from '@mantine/core';
import { MSG, type RegisterDef } from '@retaguarda/domain';
import { IconLock } from '@tabler/icons-react';
import type { Registro } from '../api';
import type { LojaDoUsuario } from '../contexto';

/** The record's stores the user does not hold (empty: none, or a record of every store). */
export function lojasDeOutros(
  def: RegisterDef,
  registro: Registro | undefined,
  lojas: readonly LojaDoUsuario[],
  administrador: boolean,
): number[] {
  if (!def.lojaField || !registro || administrador) return [];
  const v = registro[def.lojaField];
  const ids = (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]).map(Number);
  const minhas = new Set(lojas.map((l) => l.id));
  return ids.filter((id) => !minhas.has(id));
}

export function AvisoOutrasLojas() {
  return (
    <Alert color="gray" icon={<IconLock size={18} />} data-cy="registro-de-outras-lojas">
      {MSG.registroDeOutrasLojas}
    </Alert>
  );
}
