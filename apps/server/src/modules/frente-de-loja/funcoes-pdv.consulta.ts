/** Reads of the Funções PDV: a store's matrix (saved, or the catalogue's defaults) and the per-store summary. */
import { contarMatriz, type MatrizFuncoesPdv, matrizPadrao, type PerfilPdv } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';

interface Celula {
  funcao: string;
  perfil: PerfilPdv;
  habilitada: boolean;
  exigeAutorizacaoSupervisor: boolean;
  limite: string | null;
}

/** The store's matrix at its current version, with its POS terminals and what each acknowledged. */
export async function lerMatriz(trx: Tx, lojaId: number): Promise<MatrizFuncoesPdv> {
  const { rows: versoes } = await sql<{ versao: number; alteradoEm: Date }>`
    select versao, alterado_em from funcao_pdv_versao where id = ${lojaId}`.execute(trx);
  const v = versoes[0];
  const { rows } = v
    ? await sql<Celula>`select funcao, perfil, habilitada, exige_supervisor as exige_autorizacao_supervisor,
          limite::text as limite from funcao_pdv_loja where loja_id = ${lojaId}`.execute(trx)
    : { rows: [] as Celula[] };
  const salvas = new Map(rows.map((r) => [`${r.funcao}:${r.perfil}`, r]));
  const itens = matrizPadrao().map((p) => {
    const s = salvas.get(`${p.funcao}:${p.perfil}`);
    return s ?? { ...p, limite: null };
  });
  const { rows: terminais } = await sql<{
    dispositivoId: number;
    nome: string;
    numeroCaixa: number | null;
    versao: number;
  }>`
    select id::int as dispositivo_id, nome, numero_caixa, funcoes_versao as versao from dispositivo
     where loja_id = ${lojaId} and tipo = 'POS_ANDROID' and status = 'ATIVO' order by numero_caixa, id`.execute(trx);
  return { lojaId, versao: v?.versao ?? 0, alteradoEm: v?.alteradoEm ?? null, itens, terminais } as MatrizFuncoesPdv;
}

/** Per store: POS terminals, active functions, functions needing a supervisor, version, pending terminals, last sync. */
export async function resumoDasLojas(trx: Tx, lojas: readonly number[]) {
  if (!lojas.length) return [];
  const { rows: celulas } = await sql<Celula & { lojaId: number }>`
    select loja_id, funcao, perfil, habilitada, exige_supervisor as exige_autorizacao_supervisor
      from funcao_pdv_loja where loja_id = any(${sql.val([...lojas])}::int[])`.execute(trx);
  const { rows: info } = await sql<{
    lojaId: number;
    versao: number | null;
    pdvs: number;
    pendentes: number;
    ultimaSincronizacao: Date | null;
  }>`
    select l.id as loja_id, v.versao,
           count(d.id)::int as pdvs,
           count(d.id) filter (where d.funcoes_versao < coalesce(v.versao, 0))::int as pendentes,
           max(d.sincronizado_em) as ultima_sincronizacao
      from loja l
      left join funcao_pdv_versao v on v.id = l.id
      left join dispositivo d on d.loja_id = l.id and d.tipo = 'POS_ANDROID' and d.status = 'ATIVO'
     where l.id = any(${sql.val([...lojas])}::int[])
     group by l.id, v.versao order by l.id`.execute(trx);
  const padrao = contarMatriz(matrizPadrao());
  return info.map((i) => {
    const proprias = celulas.filter((c) => c.lojaId === i.lojaId);
    return {
      lojaId: i.lojaId,
      pdvs: i.pdvs,
      ...(i.versao ? contarMatriz(proprias) : padrao),
      versao: i.versao ?? 0,
      pendentes: i.pendentes,
      ultimaSincronizacao: i.ultimaSincronizacao,
    };
  });
}
