/**
 * Hourly NFC-e warnings (agenda, one instance per occurrence): a store with notes rejected longer ago than
 * the tenant's hours (fiscal.horasAvisoNfceRejeitada) tells its users — the store's and the administrators —,
 * and a certificate within the warning days (fiscal.avisoVencimentoCertificado, 30) tells the
 * administrators. Each at most once a day per store (nfce_loja_sefaz), so a late or repeated run does no harm.
 */
import { MSG_NFCE_ACOES as MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import { lerParametroNaTransacao } from '../../configuracoes';
import type { Database, Tx } from '../../db/database';
import { defineSchedule } from '../../jobs';
import { criarNotificacao } from '../plataforma/notificacoes.service';

const UM_DIA = sql`interval '23 hours 30 minutes'`;

async function usuariosDaLoja(trx: Tx, lojaId: number, soAdministradores: boolean): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select u.id from usuario u
     where u.ativo and (u.administrador
       or (${!soAdministradores} and exists (select 1 from usuario_loja ul where ul.usuario_id = u.id and ul.loja_id = ${lojaId})))
     order by u.id`.execute(trx);
  return rows.map((r) => r.id);
}

async function marcar(trx: Tx, lojaId: number, coluna: 'rejeicao_avisada_em' | 'certificado_avisado_em') {
  await sql`insert into nfce_loja_sefaz (loja_id, ${sql.ref(coluna)}) values (${lojaId}, now())
    on conflict (assinante_id, loja_id) do update set ${sql.ref(coluna)} = now()`.execute(trx);
}

export async function avisarNfceDoAssinante(trx: Tx, assinanteId: number): Promise<number> {
  let avisos = 0;
  const horas = await lerParametroNaTransacao(trx, 'fiscal.horasAvisoNfceRejeitada');
  const { rows: rejeitadas } = await sql<{ lojaId: number; sigla: string; n: number }>`
    select d.loja_id, l.sigla, count(*)::int as n
      from documento_nfce d join loja l on l.id = d.loja_id
      left join nfce_loja_sefaz s on s.loja_id = d.loja_id
     where d.status = 'REJEITADA' and d.atualizado_em < now() - make_interval(hours => ${horas}::int)
       and (s.rejeicao_avisada_em is null or s.rejeicao_avisada_em < now() - ${UM_DIA})
     group by d.loja_id, l.sigla order by d.loja_id`.execute(trx);
  for (const r of rejeitadas) {
    for (const usuarioId of await usuariosDaLoja(trx, r.lojaId, false)) {
      await criarNotificacao(
        trx,
        assinanteId,
        { usuarioId, titulo: MSG.avisoRejeitadas(r.sigla, r.n, horas), link: '/monitoramentoDocumentos' },
        { usuarioId: null },
      );
      avisos += 1;
    }
    await marcar(trx, r.lojaId, 'rejeicao_avisada_em');
  }
  const dias = await lerParametroNaTransacao(trx, 'fiscal.avisoVencimentoCertificado');
  const { rows: certificados } = await sql<{ lojaId: number; sigla: string; validade: string }>`
    select l.id as loja_id, l.sigla, to_char(l.nfce_certificado_validade, 'DD/MM/YYYY') as validade
      from loja l left join nfce_loja_sefaz s on s.loja_id = l.id
     where l.ativo and l.nfce_certificado_validade <= current_date + ${dias}::int
       and (s.certificado_avisado_em is null or s.certificado_avisado_em < now() - ${UM_DIA})
     order by l.id`.execute(trx);
  for (const c of certificados) {
    for (const usuarioId of await usuariosDaLoja(trx, c.lojaId, true)) {
      await criarNotificacao(
        trx,
        assinanteId,
        { usuarioId, titulo: MSG.avisoCertificado(c.sigla, c.validade), link: `/lojas/cadastro/${c.lojaId}` },
        { usuarioId: null },
      );
      avisos += 1;
    }
    await marcar(trx, c.lojaId, 'certificado_avisado_em');
  }
  return avisos;
}

export async function avisarNfce(db: Database): Promise<number> {
  const { rows } = await sql<{ id: number }>`select app_nfce_avisos_assinantes() as id`.execute(db.kysely);
  let n = 0;
  for (const { id } of rows) n += await db.withTenant(id, (trx) => avisarNfceDoAssinante(trx, id));
  return n;
}

export const agendaAvisosNfce = defineSchedule({
  tipo: 'fiscal.nfce-avisos',
  fila: 'geral',
  cron: '23 * * * *',
  executar: ({ db }) => avisarNfce(db),
});
