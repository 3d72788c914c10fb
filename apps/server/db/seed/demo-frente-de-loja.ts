/**
 * Demo data of the frente de loja (domain §4 and §11): in Bela Vida's BV01 two active POS terminals and a revoked
 * collector, one unused QR token (valid for 30 days so the demo can show a registration; its text is
 * DEMO_TOKEN_QR), and BV02's POS functions saved as version 1 with a supervisor for discounts above 10 %.
 * Credentials are random: only their hashes are stored, as the app does.
 */
import { matrizPadrao } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { gravarMatriz } from '../../src/modules/frente-de-loja';
import { randomToken, sha256, TOKEN_PREFIX } from '../../src/plugins/auth/tokens';

export const DEMO_TOKEN_QR = 'rtgq_demo-bela-vida-bv01-qr';

const DISPOSITIVOS = [
  { nome: 'PDV 1', tipo: 'POS_ANDROID', numeroCaixa: 11, fabricante: 'Sunmi', modelo: 'V2 Pro', status: 'ATIVO' },
  { nome: 'PDV 2', tipo: 'POS_ANDROID', numeroCaixa: 12, fabricante: 'Sunmi', modelo: 'V2 Pro', status: 'ATIVO' },
  {
    nome: 'Coletor do estoque',
    tipo: 'COLETOR',
    numeroCaixa: null,
    fabricante: 'Zebra',
    modelo: 'TC21',
    status: 'REVOGADO',
  },
] as const;

async function seedTenant(trx: Tx, bv01: number, bv02: number): Promise<void> {
  let n = 0;
  for (const d of DISPOSITIVOS) {
    const credencial = randomToken(TOKEN_PREFIX.dispositivo);
    await sql`insert into dispositivo (loja_id, identificador, nome, tipo, fabricante, modelo, sistema_operacional,
        versao_app, numero_caixa, credencial_hash, prefixo, status, cadastrado_em, ultimo_acesso_em, status_em)
      values (${bv01}, ${`demo-${++n}-a1b2c3d4`}, ${d.nome}, ${d.tipo}, ${d.fabricante}, ${d.modelo},
        'Android 11', '4.8.2', ${d.numeroCaixa}, ${sha256(credencial)}, ${credencial.slice(0, 11)}, ${d.status},
        now() - interval '20 days', now() - interval '2 hours',
        ${d.status === 'REVOGADO' ? sql`now() - interval '3 days'` : null})`.execute(trx);
  }
  await sql`insert into dispositivo_token (loja_id, token_hash, expira_em)
    values (${bv01}, ${sha256(DEMO_TOKEN_QR)}, now() + interval '30 days')`.execute(trx);
  const descontosComSupervisor = matrizPadrao()
    .filter((i) => i.funcao.startsWith('DESCONTO_') && i.perfil !== 'GERENTE')
    .map((i) => ({ ...i, habilitada: true, exigeAutorizacaoSupervisor: true, limite: '10' }));
  await gravarMatriz(trx, bv02, descontosComSupervisor, null);
}

export async function seedDemoFrenteDeLoja(db: Database): Promise<void> {
  const a = await db.resolveAssinante('localhost');
  if (!a) return;
  await db.withTenant(a.id, async (trx) => {
    const { rows } = await sql<{ id: number; sigla: string }>`
      select id, sigla from loja where assinante_id = ${a.id} and sigla in ('BV01', 'BV02')`.execute(trx);
    const id = (s: string) => rows.find((l) => l.sigla === s)?.id;
    if (id('BV01') && id('BV02')) await seedTenant(trx, id('BV01')!, id('BV02')!);
  });
}
