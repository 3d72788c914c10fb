/** What identifies a report: tenant, title, who asked and when (header), and its file name. */
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { Cabecalho } from './pdf';
import type { FormatoRelatorio, Relatorio } from './relatorios.store';
import { dataHora } from './valores';

export async function cabecalhoDe(trx: Tx, r: Relatorio): Promise<Omit<Cabecalho, 'filtros'>> {
  const { rows: a } = await sql<{ nome: string }>`select nome from assinante`.execute(trx);
  const { rows: u } = await sql<{ nome: string; username: string }>`
    select nome, username from usuario where id = ${r.usuarioId}`.execute(trx);
  const usuario = u[0] ? `${u[0].nome} (${u[0].username})` : `usuário ${r.usuarioId}`;
  return { assinante: a[0]?.nome ?? '', titulo: r.titulo, usuario, emitidoEm: dataHora(new Date()) };
}

/** "Marcas.pdf": the title without accents or symbols, for every file system and browser. */
export function nomeDoArquivo(titulo: string, formato: FormatoRelatorio): string {
  const base = titulo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w -]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'relatorio'}.${formato.toLowerCase()}`;
}
