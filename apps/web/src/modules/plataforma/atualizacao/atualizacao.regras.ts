/** Pure rules of the update flow (spec §4 "Update flow", §9 update request expiry). */
import { MSG_ATUALIZACAO, UPDATE_REQUEST_EXPIRY_MS } from '@retaguarda/domain';
import type { Versao } from './atualizacao.api';

/** 'admin': offer with the active sessions; 'sistema': update in progress; 'usuario': asked to log out. */
export type VisaoAtualizacao = 'admin' | 'sistema' | 'usuario';

export const ERRO_ATUALIZACAO = {
  title: 'Erro ao atualizar',
  message: MSG_ATUALIZACAO.falhou,
} as const;

/** An update is available when the current build is lower than the latest build. */
export function atualizacaoDisponivel(atual: Versao | null, maisRecente: Versao | null): boolean {
  return atual !== null && maisRecente !== null && atual.build < maisRecente.build;
}

/** A request counts as expired after 60 s. */
export function expirada(inicio: number, agora: number = Date.now()): boolean {
  return agora - inicio >= UPDATE_REQUEST_EXPIRY_MS;
}

/** The update in progress, kept in local storage so a reload keeps the 'sistema' view. */
export interface Andamento {
  inicio: number;
  /** Build running when the update started: a higher one means it was applied. */
  origem: number;
  atualizacaoId: number | null;
}

const CHAVE_ANDAMENTO = 'rtg.atualizacao';
const CHAVE_BUILD = 'rtg.build';

export function lerAndamento(): Andamento | null {
  try {
    const v = JSON.parse(localStorage.getItem(CHAVE_ANDAMENTO) ?? 'null') as Andamento | null;
    return v && typeof v.inicio === 'number' && typeof v.origem === 'number' ? v : null;
  } catch {
    return null;
  }
}

export function gravarAndamento(a: Andamento | null): void {
  if (a) localStorage.setItem(CHAVE_ANDAMENTO, JSON.stringify(a));
  else localStorage.removeItem(CHAVE_ANDAMENTO);
}

/** Remembers the running build; returns the previous one when it changed (a build applied since). */
export function registrarBuild(build: number): number | null {
  const anterior = Number(localStorage.getItem(CHAVE_BUILD)) || null;
  localStorage.setItem(CHAVE_BUILD, String(build));
  return anterior !== null && anterior !== build ? anterior : null;
}

/** "1 sessão ativa", "12 sessões ativas": plurals written out (never "sessão(ões)"). */
export function textoSessoesAtivas(n: number): string {
  return n === 1 ? '1 sessão ativa' : `${n} sessões ativas`;
}
