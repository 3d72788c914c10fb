/**
 * Demo of the NFC-e monitor (domain §11 "NFC-e"): ~300 notes over the last 30 days at Bela Vida's BV01 (POS 11)
 * and BV02 (POS 21), posted as real sales through the POS upload (`receberVendasPdv`), so each note has its
 * cupom, items with their fiscal data and payments behind it. The mix: ~92 % AUTORIZADA, 3 % CANCELADA, 3 %
 * REJEITADA (778, 539, 704, 386, 725 with SEFAZ's wording), 2 % CONTINGENCIA, two DENEGADA; BV02's série 1
 * has the voided range 120–125 (inutilização, cStat 102) and the gap 130–131 the "faixa" search finds; some
 * notes are after 21:00 local time (the day boundary). Deterministic: the same notes on every run.
 */
import { hojeNaZona, montarChaveAcesso, somarDias, ZONA_PADRAO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database';
import { receberVendasPdv } from '../../src/modules/venda';
import { contextoDoDispositivo } from '../../src/plugins/auth/dispositivos';
import { executarWorkflow } from '../../src/workflows';

/** the rejections of the demo (cStat → xMotivo as SEFAZ answers them) */
export const REJEICOES_DEMO: [number, string][] = [
  [778, 'Rejeição: Informado NCM inexistente'],
  [539, 'Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso'],
  [704, 'Rejeição: NFC-e com Data-Hora de emissão atrasada'],
  [386, 'Rejeição: CFOP não permitido para o CSOSN informado'],
  [725, 'Rejeição: NFC-e com CFOP inválido'],
];
/** BV02 série 1: the voided range and the gap of the "faixa" search */
export const INUTILIZADA_DEMO = { sigla: 'BV02', serie: 1, inicial: 120, final: 125 } as const;
export const LACUNA_DEMO = { sigla: 'BV02', serie: 1, inicial: 130, final: 131 } as const;
const POR_LOJA = 150;

const dinheiro = (centavos: number) => (centavos / 100).toFixed(2);
const CUF: Record<string, string> = { PR: '41', SC: '42', SP: '35', GO: '52', DF: '53', AM: '13' };

type Situacao = 'AUTORIZADA' | 'CANCELADA' | 'REJEITADA' | 'CONTINGENCIA' | 'DENEGADA';
/** the i-th note's situation: a fixed spread over the 150 of a store (3 % / 3 % / 2 % / 1 of 150) */
function situacao(i: number, loja: number): Situacao {
  const k = (i * 37 + loja * 11) % 150;
  if (k < 5) return 'CANCELADA';
  if (k < 10) return 'REJEITADA';
  if (k < 13) return 'CONTINGENCIA';
  if (k === 13) return 'DENEGADA';
  return 'AUTORIZADA';
}

function xmlDaNota(chave: string, protocolo: string, qr: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe Id="NFe${chave}" versao="4.00"><ide><mod>65</mod></ide></infNFe><infNFeSupl><qrCode><![CDATA[${qr}]]></qrCode></infNFeSupl></NFe><protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${chave}</chNFe><nProt>${protocolo}</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
}

export async function seedDemoNfce(db: Database): Promise<void> {
  const a = await db.resolveAssinante('localhost');
  if (!a) return;
  const hoje = hojeNaZona(ZONA_PADRAO);
  const lojas = await db.withTenant(a.id, async (trx) => {
    const { rows } = await sql<{ id: number; sigla: string; uf: string; cnpj: string }>`select id, sigla, uf,
        numero_do_documento as cnpj from loja where assinante_id = ${a.id} and sigla in ('BV01', 'BV02') order by sigla`.execute(
      trx,
    );
    const out = [];
    for (const l of rows) {
      const dispositivo = (
        await sql<{ id: number; caixa: number; nome: string }>`select id::int as id, numero_caixa as caixa, nome
          from dispositivo where loja_id = ${l.id} and tipo = 'POS_ANDROID' and status = 'ATIVO'
          order by numero_caixa limit 1`.execute(trx)
      ).rows[0];
      const produtos = (
        await sql<{ id: number; preco: string }>`select p.id, pr.preco_venda1::text as preco from produto p
          join preco pr on pr.produto_id = p.id and pr.loja_id = ${l.id} and pr.ativo and pr.preco_venda1 > 0
          left join unidade u on u.id = p.unidade_de_venda_id
         where p.ativo and nullif(trim(p.ncm_id), '') is not null and not coalesce(u.permite_fracionamento, false)
           and not exists (select 1 from inconsistencia_produto i where i.produto_id = p.id and i.resolvida_em is null
                           and i.tipo = 'SEM_CENARIO_FISCAL' and (i.loja_id is null or i.loja_id = ${l.id}))
           -- products with stock at the store's sale location: the demo's notes never drive a balance below zero
           and (select sum(s.quantidade) from saldo_estoque s
                 where s.assinante_id = ${a.id} and s.loja_id = ${l.id} and s.produto_id = p.id
                   and s.local_id = (select le.id from local_estoque le
                                      where le.assinante_id = ${a.id} and le.loja_id = ${l.id} and le.ativo
                                        and le.permite_venda order by le.padrao_venda desc, le.id limit 1)) >= 60
         group by p.id, pr.preco_venda1 order by p.id limit 10`.execute(trx)
      ).rows;
      const formas = (
        await sql<{ id: number }>`select id from forma_pagamento where ativo order by id limit 3`.execute(trx)
      ).rows.map((f) => f.id);
      const operador = (await sql<{ id: number }>`select id from funcionario order by id limit 1`.execute(trx)).rows[0]
        ?.id;
      const cpf = (
        await sql<{ cpf: string }>`select numero_do_documento as cpf from cliente
        where tipo_de_pessoa = 'F' and numero_do_documento ~ '^\\d{11}$' order by id limit 1`.execute(trx)
      ).rows[0]?.cpf;
      if (dispositivo && produtos.length >= 3 && formas.length)
        out.push({ ...l, dispositivo, produtos, formas, operador: operador ?? null, cpf: cpf ?? null });
    }
    return out;
  });

  for (const [n, l] of lojas.entries()) {
    const cupons: Record<string, unknown>[] = [];
    const cancelar: { chave: string; numero: number }[] = [];
    let numero = 0;
    for (let i = 0; i < POR_LOJA; i++) {
      numero += 1;
      // BV02: the voided range and the gap are numbers no note takes
      if (l.sigla === INUTILIZADA_DEMO.sigla && numero === INUTILIZADA_DEMO.inicial)
        numero = INUTILIZADA_DEMO.final + 1;
      if (l.sigla === LACUNA_DEMO.sigla && numero === LACUNA_DEMO.inicial) numero = LACUNA_DEMO.final + 1;
      // oldest first: the 30 days up to yesterday (never a sale later than now), about five a day; one in seven after 21:00
      const dia = somarDias(hoje, -29 + Math.floor((i * 29) / POR_LOJA));
      const hora = i % 7 === 3 ? 21 + (i % 3) : 9 + (i % 11);
      const quando = `${dia}T${String(hora).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`;
      const itens = [0, 1, 2].slice(0, 1 + (i % 3)).map((k) => {
        const p = l.produtos[(i + k * 3) % l.produtos.length]!;
        const q = 1 + ((i + k) % 2);
        const c = Math.round(Number(p.preco) * 100) * q;
        return {
          sequencia: k + 1,
          produtoId: p.id,
          quantidadeVenda: String(q),
          valorUnidade: p.preco,
          valorTotal: dinheiro(c),
          c,
        };
      });
      const total = itens.reduce((s, x) => s + x.c, 0);
      const s = situacao(i, n);
      const tpEmis = s === 'CONTINGENCIA' ? 9 : 1;
      const chave = montarChaveAcesso({
        cUF: CUF[l.uf.trim()] ?? '41',
        aamm: `${dia.slice(2, 4)}${dia.slice(5, 7)}`,
        cnpj: l.cnpj,
        modelo: '65',
        serie: 1,
        numero,
        tpEmis,
        cNF: String(10_000_000 + ((numero * 7919 + n * 104_729) % 89_999_999)).slice(0, 8),
      });
      const protocolo = `1${CUF[l.uf.trim()] ?? '41'}${dia.slice(2, 4)}${String(n * 1_000_000 + numero).padStart(10, '0')}`;
      const rejeicao = REJEICOES_DEMO[(i + n) % REJEICOES_DEMO.length]!;
      const nfce: Record<string, unknown> = {
        modelo: '65',
        serie: 1,
        numero,
        chave,
        tpEmis,
        ...(s === 'AUTORIZADA' || s === 'CANCELADA'
          ? {
              status: 'AUTORIZADA',
              cStat: 100,
              xMotivo: 'Autorizado o uso da NF-e',
              protocolo,
              xml: xmlDaNota(
                chave,
                protocolo,
                `http://www.fazenda.pr.gov.br/nfce/qrcode?p=${chave}|2|2|1|${'0'.repeat(40)}`,
              ),
            }
          : s === 'REJEITADA'
            ? { status: 'REJEITADA', cStat: rejeicao[0], xMotivo: rejeicao[1] }
            : s === 'DENEGADA'
              ? {
                  status: 'DENEGADA',
                  cStat: 301,
                  xMotivo: 'Uso Denegado: Irregularidade fiscal do emitente',
                  protocolo,
                }
              : { status: 'CONTINGENCIA' }),
      };
      if (s === 'CANCELADA') cancelar.push({ chave, numero });
      cupons.push({
        lojaId: l.id,
        numeroCaixa: l.dispositivo.caixa,
        sequencial: 70_000 + n * 10_000 + i,
        dataHoraAberturaCupom: quando,
        funcionarioId: l.operador,
        cpfNaNota: i % 5 === 0 ? l.cpf : null,
        valor: dinheiro(total),
        itensVenda: itens.map(({ c: _c, ...x }) => x),
        finalizacoes: [{ formaPagamentoId: l.formas[i % l.formas.length], valor: dinheiro(total) }],
        nfce,
      });
    }
    const auth = contextoDoDispositivo(a, {
      id: l.dispositivo.id,
      lojaId: l.id,
      nome: l.dispositivo.nome,
      status: 'ATIVO',
    });
    await executarWorkflow(db, receberVendasPdv, { entrada: { cupons }, auth, chave: `demo-nfce-${l.sigla}` });

    await db.withTenant(a.id, async (trx) => {
      // the cancellations SEFAZ homologated (evento 110111 → 135), in the note's timeline
      for (const c of cancelar) {
        await sql`update documento_nfce set status = 'CANCELADA', c_stat = 135,
            x_motivo = 'Evento registrado e vinculado a NF-e', atualizado_em = now(), versao = versao + 1
          where chave = ${c.chave}`.execute(trx);
        await sql`insert into evento_nfce (chave, tipo, c_stat, x_motivo, protocolo, status, justificativa, ocorrido_em)
          select chave, 'CANCELAMENTO', 135, 'Evento registrado e vinculado a NF-e', protocolo, 'CANCELADA',
                 'Desistência do cliente após a emissão', (emissao_local + interval '12 minutes') at time zone ${ZONA_PADRAO}
            from documento_nfce where chave = ${c.chave}`.execute(trx);
      }
      await sql`update documento_nfce set autorizado_em = (emissao_local + interval '3 seconds') at time zone ${ZONA_PADRAO}
        where loja_id = ${l.id} and protocolo is not null and autorizado_em is null`.execute(trx);
      if (l.sigla === INUTILIZADA_DEMO.sigla)
        await sql`insert into inutilizacao_nfce (loja_id, serie, numero_caixa, numero_inicial, numero_final, justificativa,
            protocolo, c_stat, status)
          values (${l.id}, ${INUTILIZADA_DEMO.serie}, ${l.dispositivo.caixa}, ${INUTILIZADA_DEMO.inicial},
            ${INUTILIZADA_DEMO.final}, 'Numeração pulada por falha do PDV na troca de bobina', '141250000012345', 102, 'INUTILIZADA')`.execute(
          trx,
        );
    });
  }
}
