/**
 * NFC-e actions against our local SEFAZ simulator, through HTTP: the A1 certificate (wrong password, expired,
 * stored sealed), consult (already authorised → status fixed), resend (consulted first; 204/539 → consulted,
 * status fixed), cancel (motivo ≥ 15 of CUPOM_NFCE, the deadline, a timeout never half-cancels), void a range
 * (refused over authorised numbers), the store's contingency resend with progress, 656 (store blocked, no
 * retry), and each refusal in Portuguese. Documents are seeded by the POS sales upload.
 */
import { montarChaveAcesso } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avisarNfceDoAssinante } from '../../src/modules/fiscal/nfce-avisos.agenda';
import { SimuladorSefaz } from '../../src/modules/fiscal/sefaz/simulador';
import { dataHoraSefaz } from '../../src/modules/fiscal/sefaz/xml';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, enviar, prepararPdv, q, ref } from '../venda/pdv-vendas.support';
import { gerarPfx } from './certificados.support';

let t: TestApp;
let ana: LoginResult;
let carlos: LoginResult; // Fiscal: EDITAR on every store
let gabi: LoginResult; // read-only
const sefaz = new SimuladorSefaz();
const CNPJ = '41553872000164';
let numero = 500;
let motivoId: number;

type Quem = { headers: Record<string, string> };
const call = (who: Quem, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...who.headers, ...headers },
    ...(payload === undefined
      ? {}
      : typeof payload === 'string' || Buffer.isBuffer(payload)
        ? { body: payload }
        : { payload: payload as object }),
  });

/** A note of BV01 uploaded by the POS with this status (its chave has a valid check digit). */
async function nota(status: string, extra: Record<string, unknown> = {}): Promise<{ chave: string; numero: number }> {
  numero += 1;
  const chave = montarChaveAcesso({
    cUF: '41',
    aamm: '2611',
    cnpj: CNPJ,
    modelo: '65',
    serie: 1,
    numero,
    tpEmis: status === 'CONTINGENCIA' ? 9 : 1,
    cNF: String(numero).padStart(8, '0'),
  });
  const r = await enviar(ana, [
    cupom({
      nfce: {
        modelo: '65',
        serie: 1,
        numero,
        chave,
        status,
        tpEmis: status === 'CONTINGENCIA' ? 9 : 1,
        cStat: status === 'AUTORIZADA' ? 100 : status === 'REJEITADA' ? 778 : null,
        xMotivo: status === 'REJEITADA' ? 'Rejeição: NCM inexistente' : null,
        protocolo: status === 'AUTORIZADA' ? `1412600000${numero}` : null,
        ...extra,
      },
    }),
  ]);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().resultados[0].situacao, r.body).toBe('ACEITO');
  return { chave, numero };
}

const documento = async (chave: string) =>
  (
    await q<{ status: string; c_stat: number | null; protocolo: string | null; tentativas: number }>(
      'select status, c_stat, protocolo, tentativas from documento_nfce where chave = $1',
      [chave],
    )
  )[0]!;
/** the SEFAZ exchanges of a note (its EMISSAO event, written by the upload, is the monitor's concern) */
const eventos = async (chave: string) =>
  q<{ tipo: string; c_stat: number | null; status: string | null; x_motivo: string | null }>(
    "select tipo, c_stat, status, x_motivo from evento_nfce where chave = $1 and tipo <> 'EMISSAO' order by id",
    [chave],
  );

async function esperar(tarefaId: string): Promise<{ status: string; resultado: unknown; erro?: unknown }> {
  let ultimo: { status: string; resultado: unknown } = { status: '', resultado: null };
  await expect
    .poll(
      async () => {
        ultimo = (await call(ana, 'GET', `/api/v1/tarefas/${tarefaId}`)).json();
        return ['CONCLUIDO', 'ERRO'].includes(ultimo.status);
      },
      { timeout: 40_000, interval: 250 },
    )
    .toBe(true);
  return ultimo;
}

const acao = (who: Quem, chave: string, recurso: string, corpo: Record<string, unknown> = {}) =>
  call(
    who,
    'POST',
    `/api/v1/fiscal/nfce/${chave}/${recurso}`,
    { lojaId: ref.BV01, ...corpo },
    { 'idempotency-key': `${recurso}-${chave}-${Math.random()}` },
  );

const certificado = (pfx: Buffer, senha: string, who: Quem = ana) =>
  call(who, 'POST', `/api/v1/fiscal/lojas/${ref.BV01}/nfce-certificado?nome=a1.pfx`, pfx, {
    'content-type': 'application/octet-stream',
    'x-senha-certificado': senha,
  });

beforeAll(async () => {
  t = await createTestApp();
  [ana, carlos, gabi] = await Promise.all([
    login(t, 'ana.admin'),
    login(t, 'carlos.fiscal'),
    login(t, 'gabi.consulta'),
  ]);
  await prepararPdv(t);
  const url = await sefaz.iniciar();
  for (const [chave, valor] of [
    ['fiscal.sefazUrlHomologacao', url],
    // short, yet long enough for a loaded machine's answers
    ['fiscal.sefazTempoLimiteSegundos', 3],
  ] as const) {
    const r = await call(ana, 'PUT', `/api/v1/configuracoes/${chave}`, { valor });
    expect(r.statusCode, r.body).toBe(200);
  }
  motivoId = (
    await q<{ id: number }>(
      `select id from motivo_cancelamento where ativo and 'CUPOM_NFCE' = any(aplicacao) and char_length(descricao) >= 15 order by id limit 1`,
    )
  )[0]!.id;
});
afterAll(async () => {
  await sefaz.fechar();
  await t?.close();
});

describe('A1 certificate of the store', () => {
  it('refuses a wrong password, an expired certificate and non-administrators, in Portuguese', async () => {
    const bom = gerarPfx({ senha: 'certo', cnpj: CNPJ, venceEmDias: 300 });
    const senha = await certificado(bom.pfx, 'errada');
    expect(senha.statusCode, senha.body).toBe(422);
    expect(senha.json().erros[0]).toMatchObject({ campo: 'senha' });
    expect(senha.json().erros[0].mensagem).toMatch(/senha do certificado está errada/);
    const vencido = await certificado(gerarPfx({ senha: 'x', cnpj: CNPJ, venceEmDias: -2 }).pfx, 'x');
    expect(vencido.statusCode, vencido.body).toBe(422);
    expect(vencido.body).toMatch(/O certificado venceu em \d\d\/\d\d\/\d{4}/);
    const lixo = await certificado(Buffer.from('não sou um pfx'), 'x');
    expect(lixo.statusCode).toBe(422);
    expect((await certificado(bom.pfx, 'certo', carlos)).statusCode).toBe(403);
    expect(await q(`select 1 from segredo_arquivo where finalidade = 'fiscal.nfce-certificado'`)).toHaveLength(0);
  });

  it('seals a valid one (never in the general uploads), shows its expiry on the store and warns 30 days ahead', async () => {
    const perto = await certificado(gerarPfx({ senha: 's', cnpj: CNPJ, venceEmDias: 10 }).pfx, 's');
    expect(perto.statusCode, perto.body).toBe(200);
    expect(perto.json().aviso).toMatch(/vence em (9|10) dia/);
    const pfx = gerarPfx({ senha: 'certo', cnpj: CNPJ, venceEmDias: 300 }).pfx;
    const r = await certificado(pfx, 'certo');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ titular: 'BELA VIDA COSMETICOS LTDA', cnpj: CNPJ, aviso: null });
    const segredos = await q<{ n: number }>(
      `select count(*)::int as n from segredo_arquivo where finalidade = 'fiscal.nfce-certificado'`,
    );
    expect(segredos[0]!.n).toBe(1);
    expect(await q(`select 1 from arquivo_enviado where nome like '%.pfx'`)).toHaveLength(0);
    const loja = await call(ana, 'GET', `/api/v1/pessoa/lojas/${ref.BV01}`);
    expect(loja.json().nfceCertificadoValidade).toBe(r.json().validade);
    const auditoria = await q<{ depois: unknown }>(
      `select depois from auditoria where entidade = 'certificado_nfce' order by id desc limit 1`,
    );
    expect(JSON.stringify(auditoria[0]!.depois)).not.toMatch(/certo|pfx/);
  });
});

describe('CSC of the store', () => {
  it('puts the QR code hash (v2, chave|2|tpAmb|cIdToken|SHA-1) on a note without XML once the store has a CSC', async () => {
    const { chave } = await nota('AUTORIZADA');
    const qr = async () =>
      (await call(carlos, 'GET', `/api/v1/fiscal/nfce/documentos/${chave}`)).json().documento.qrCodeUrl;
    expect(await qr()).toBe(`http://www.fazenda.pr.gov.br/nfce/qrcode?p=${chave}|2|2`);
    const r = await call(ana, 'POST', `/api/v1/fiscal/lojas/${ref.BV01}/nfce-csc`, {
      cscId: '000001',
      token: '0123456789ABCDEF0123456789ABCDEF',
    });
    expect(r.statusCode, r.body).toBe(200);
    // the hash itself is checked against hand-computed values in nfce-qrcode.test.ts
    expect(await qr()).toMatch(
      new RegExp(`^http://www\\.fazenda\\.pr\\.gov\\.br/nfce/qrcode\\?p=${chave}\\|2\\|2\\|1\\|[0-9A-F]{40}$`),
    );
    expect(JSON.stringify(await q('select depois from auditoria where entidade = $1', ['csc_nfce']))).not.toContain(
      '0123456789ABCDEF',
    );
  });
});

describe('NFC-e actions against the simulator', () => {
  it('a chave with a wrong check digit, one not of 44 digits, another store’s note or a read-only user: 422 / 404 / 404 / 403', async () => {
    const { chave } = await nota('REJEITADA');
    const errada = `${chave.slice(0, 43)}${(Number(chave[43]) + 1) % 10}`;
    // a mistyped chave is bad input: 422 on the field, nothing recorded
    const r = await acao(carlos, errada, 'consulta');
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().erros[0]).toMatchObject({
      campo: 'chave',
      mensagem: 'A chave de acesso tem o dígito verificador errado.',
    });
    expect(r.json().message).toBeTruthy();
    expect(await q('select 1 from evento_nfce where chave = $1', [errada])).toHaveLength(0);
    // a path parameter the contract refuses identifies nothing (the backbone's rule): 404, in Portuguese
    const curta = await acao(carlos, chave.slice(0, 43), 'consulta');
    expect(curta.statusCode).toBe(404);
    expect(curta.json().message).toMatch(/não encontrad/);
    const outra = await call(carlos, 'POST', `/api/v1/fiscal/nfce/${chave}/consulta`, { lojaId: ref.BV02 });
    expect(outra.statusCode).toBe(404);
    expect((await acao(gabi, chave, 'consulta')).statusCode).toBe(403);
  });

  it('consults a contingency note SEFAZ already authorised: status fixed to AUTORIZADA with its protocol', async () => {
    const { chave } = await nota('CONTINGENCIA');
    const protocolo = sefaz.conhecer(chave);
    const r = await acao(carlos, chave, 'consulta');
    expect(r.statusCode, r.body).toBe(202);
    expect(r.headers.location).toBe(`/api/v1/tarefas/${r.json().tarefaId}`);
    expect((await esperar(r.json().tarefaId)).status).toBe('CONCLUIDO');
    expect(await documento(chave)).toMatchObject({ status: 'AUTORIZADA', c_stat: 100, protocolo, tentativas: 1 });
    expect((await eventos(chave)).map((e) => [e.tipo, e.c_stat, e.status])).toEqual([
      ['CONSULTA', null, null],
      ['CONSULTA', 100, 'AUTORIZADA'],
    ]);
  });

  it('resends a contingency note: consulted first (217), then authorised with a verified signature', async () => {
    const { chave } = await nota('CONTINGENCIA');
    const r = await acao(carlos, chave, 'reenvio');
    expect(r.statusCode, r.body).toBe(202);
    expect((await esperar(r.json().tarefaId)).status).toBe('CONCLUIDO');
    expect(await documento(chave)).toMatchObject({ status: 'AUTORIZADA', c_stat: 100 });
    // consulted first (SEFAZ does not know it), then sent signed; the simulator verified the signature
    const servicos = sefaz.chamadas.filter((c) => c.xml.includes(chave)).map((c) => [c.servico, c.cStat]);
    expect(servicos.slice(0, 2)).toEqual([
      ['NFeConsultaProtocolo4', 217],
      ['NFeAutorizacao4', 100],
    ]);
    expect(sefaz.notas.get(chave)?.status).toBe('AUTORIZADA');
  });

  it.each([204, 539])('resend answered %i (duplicidade): consulted, status fixed to AUTORIZADA', async (cStat) => {
    const { chave } = await nota('CONTINGENCIA');
    // SEFAZ lags: the first consultation misses the note, the authorisation says it is there
    sefaz.programar(
      { servico: 'NFeConsultaProtocolo4', resposta: 217 },
      { servico: 'NFeAutorizacao4', resposta: cStat },
    );
    const protocolo = sefaz.conhecer(chave);
    const r = await acao(carlos, chave, 'reenvio');
    expect((await esperar(r.json().tarefaId)).status).toBe('CONCLUIDO');
    expect(await documento(chave)).toMatchObject({ status: 'AUTORIZADA', protocolo });
    expect((await eventos(chave)).map((e) => [e.tipo, e.c_stat, e.status])).toEqual([
      ['REENVIO', null, null],
      ['CONSULTA', 217, null],
      ['REENVIO', cStat, null],
      ['CONSULTA', 100, 'AUTORIZADA'],
    ]);
  });

  it('a timeout is a failed attempt (FALHA event, status unchanged), retried with backoff', async () => {
    const { chave } = await nota('CONTINGENCIA');
    sefaz.programar({ servico: 'NFeConsultaProtocolo4', resposta: 'timeout' });
    sefaz.conhecer(chave);
    const r = await acao(carlos, chave, 'consulta');
    await expect
      .poll(async () => (await eventos(chave)).some((e) => e.tipo === 'FALHA'), { timeout: 20_000 })
      .toBe(true);
    const falha = (await eventos(chave)).find((e) => e.tipo === 'FALHA')!;
    expect(falha.x_motivo).toMatch(/não respondeu em 3 segundos/);
    expect(falha.status).toBeNull();
    expect((await esperar(r.json().tarefaId)).status).toBe('CONCLUIDO');
    const depois = await documento(chave);
    expect(depois.status).toBe('AUTORIZADA');
    expect(depois.tentativas).toBeGreaterThanOrEqual(2);
  });

  it('656 consumo indevido: recorded, not retried, the store kept away until the block ends', async () => {
    const { chave } = await nota('REJEITADA');
    sefaz.programar({ resposta: 656 });
    const r = await acao(carlos, chave, 'reenvio');
    expect((await esperar(r.json().tarefaId)).status).toBe('CONCLUIDO');
    expect(await documento(chave)).toMatchObject({ status: 'REJEITADA', c_stat: 778, tentativas: 1 });
    expect((await eventos(chave)).at(-1)).toMatchObject({ tipo: 'CONSULTA', c_stat: 656, status: null });
    expect(sefaz.chamadas.filter((c) => c.xml.includes(chave))).toHaveLength(1);
    const bloqueada = await acao(carlos, chave, 'consulta');
    expect(bloqueada.statusCode).toBe(409);
    expect(bloqueada.json().message).toMatch(/consumo indevido \(656\)/);
    await q('update nfce_loja_sefaz set bloqueada_ate = null where loja_id = $1', [ref.BV01]);
  });

  it('a rejected note resent and still rejected keeps REJEITADA with the new reason', async () => {
    const { chave } = await nota('REJEITADA');
    sefaz.programar({ servico: 'NFeAutorizacao4', resposta: 225 });
    const r = await acao(carlos, chave, 'reenvio');
    expect((await esperar(r.json().tarefaId)).status).toBe('CONCLUIDO');
    expect(await documento(chave)).toMatchObject({ status: 'REJEITADA', c_stat: 225 });
  });
});

describe('Cancelamento (evento 110111)', () => {
  it('refuses a motivo under 15 characters, one not for NFC-e, a rejected note and a late cancel', async () => {
    const { chave } = await nota('AUTORIZADA');
    const [curto] = await q<{ id: number }>(
      `insert into motivo_cancelamento (assinante_id, descricao, aplicacao) values ($1, 'Desistiu', '{CUPOM_NFCE}') returning id`,
      [ref.assinante],
    );
    const r = await acao(carlos, chave, 'cancelamento', { motivoId: curto!.id });
    expect(r.statusCode).toBe(422);
    expect(r.json().erros[0]).toMatchObject({ campo: 'motivoId' });
    expect(r.json().erros[0].mensagem).toMatch(/ao menos 15 caracteres/);
    const [titulo] = await q<{ id: number }>(
      `insert into motivo_cancelamento (assinante_id, descricao, aplicacao) values ($1, 'Título lançado em duplicidade', '{TITULO}') returning id`,
      [ref.assinante],
    );
    expect((await acao(carlos, chave, 'cancelamento', { motivoId: titulo!.id })).body).toMatch(/CUPOM_NFCE/);
    const rejeitada = await nota('REJEITADA');
    const r2 = await acao(carlos, rejeitada.chave, 'cancelamento', { motivoId });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().message).toMatch(/Não é possível cancelar uma NFC-e com status REJEITADA/);
    await q(`update documento_nfce set autorizado_em = now() - interval '31 minutes' where chave = $1`, [chave]);
    const tarde = await acao(carlos, chave, 'cancelamento', { motivoId });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().message).toMatch(/prazo para cancelar esta NFC-e \(30 minutos/);
    expect(await eventos(chave)).toEqual([]);
    expect(await documento(chave)).toMatchObject({ status: 'AUTORIZADA', tentativas: 0 });
  });

  it('counts the deadline from the authorisation the POS reports (dhRecbto, or its XML’s protocol), else from the upload, and says so', async () => {
    const haQuarenta = dataHoraSefaz(new Date(Date.now() - 40 * 60_000));
    const informada = await nota('AUTORIZADA', { dhRecbto: haQuarenta });
    const noXml = await nota('AUTORIZADA', {
      xml: `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe1"/></NFe><protNFe versao="4.00"><infProt><dhRecbto>${haQuarenta}</dhRecbto><nProt>141260000000777</nProt><cStat>100</cStat></infProt></protNFe></nfeProc>`,
    });
    const autorizacao = await q<{ chave: string; em: Date }>(
      'select chave, autorizado_em as em from documento_nfce where chave = any($1)',
      [[informada.chave, noXml.chave]],
    );
    for (const a of autorizacao) expect(a.em.getTime()).toBe(Date.parse(haQuarenta));
    // uploaded just now, authorised 40 minutes ago: past the 30 minutes
    for (const { chave } of [informada, noXml]) {
      const r = await acao(carlos, chave, 'cancelamento', { motivoId });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe('O prazo para cancelar esta NFC-e (30 minutos após a autorização) já terminou.');
    }
    // no authorisation time: the upload's, and the refusal says so
    const semHora = await nota('AUTORIZADA');
    expect(
      (
        await q<{ em: Date | null }>('select autorizado_em as em from documento_nfce where chave = $1', [semHora.chave])
      )[0]!.em,
    ).toBeNull();
    await q(`update documento_nfce set criado_em = now() - interval '31 minutes' where chave = $1`, [semHora.chave]);
    const tarde = await acao(carlos, semHora.chave, 'cancelamento', { motivoId });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().message).toMatch(/o PDV não informou a hora da autorização, e o prazo foi contado do envio/);
    const errada = await enviar(ana, [
      cupom({ nfce: { modelo: '65', serie: 1, numero: 9901, chave: informada.chave, dhRecbto: '20/11/2026 10:15' } }),
    ]);
    expect(errada.body).toMatch(/data e hora da autorização como a SEFAZ/);
  });

  it('offers the fiscal user (no access to the financial register) only active NFC-e motivos of 15+ characters', async () => {
    const [curto, titulo, inativo] = await q<{ id: number }>(
      `insert into motivo_cancelamento (assinante_id, descricao, aplicacao, ativo)
       values ($1, 'Troca rápida', '{CUPOM_NFCE}', true), ($1, 'Boleto emitido em duplicidade', '{TITULO}', true),
              ($1, 'Motivo antigo de cancelamento', '{CUPOM_NFCE}', false) returning id`,
      [ref.assinante],
    );
    expect((await call(carlos, 'GET', '/api/v1/financeiro/motivos-cancelamento')).statusCode).toBe(403);
    const r = await call(carlos, 'GET', '/api/v1/fiscal/nfce/motivos-cancelamento');
    expect(r.statusCode, r.body).toBe(200);
    const ids = (r.json().items as { id: number; descricao: string }[]).map((m) => m.id);
    expect(ids).toContain(motivoId);
    for (const fora of [curto!, titulo!, inativo!]) expect(ids).not.toContain(fora.id);
    for (const m of r.json().items as { descricao: string }[])
      expect([...m.descricao].length).toBeGreaterThanOrEqual(15);
    expect((await call(gabi, 'GET', '/api/v1/fiscal/nfce/motivos-cancelamento')).statusCode).toBe(200);
  });

  it('cancels with a signed event the simulator verifies; a timeout first leaves it AUTORIZADA, never half-cancelled', async () => {
    const { chave } = await nota('AUTORIZADA');
    sefaz.programar({ servico: 'NFeRecepcaoEvento4', resposta: 'timeout' });
    const r = await acao(carlos, chave, 'cancelamento', { motivoId });
    expect(r.statusCode, r.body).toBe(202);
    await expect
      .poll(async () => (await eventos(chave)).some((e) => e.tipo === 'FALHA'), { timeout: 20_000 })
      .toBe(true);
    expect((await documento(chave)).status).toBe('AUTORIZADA');
    expect((await esperar(r.json().tarefaId)).status).toBe('CONCLUIDO');
    expect(await documento(chave)).toMatchObject({ status: 'CANCELADA' });
    const ultimo = (await eventos(chave)).at(-1)!;
    expect(ultimo).toMatchObject({ tipo: 'CANCELAMENTO', c_stat: 135, status: 'CANCELADA' });
    const [ev] = await q<{ justificativa: string; xml_envio: string }>(
      `select justificativa, xml_envio from evento_nfce where chave = $1 and c_stat = 135`,
      [chave],
    );
    expect([...ev!.justificativa].length).toBeGreaterThanOrEqual(15);
    expect(ev!.xml_envio).toContain('<tpEvento>110111</tpEvento>');
    expect(ev!.xml_envio).toContain('<SignatureValue>');
    expect(sefaz.notas.get(chave)?.status).toBe('CANCELADA');
  });
});

describe('Inutilização de faixa', () => {
  it('refuses a range holding authorised numbers and a short justification', async () => {
    const { numero: n } = await nota('AUTORIZADA');
    const corpo = {
      lojaId: ref.BV01,
      serie: 1,
      numeroInicial: n,
      numeroFinal: n + 1,
      justificativa: 'Falha de numeração no PDV',
    };
    const r = await call(carlos, 'POST', '/api/v1/fiscal/nfce/inutilizacoes', corpo);
    expect(r.statusCode).toBe(422);
    expect(r.json().erros[0].mensagem).toMatch(new RegExp(`já autorizadas ou em contingência \\(${n}\\)`));
    const curta = await call(carlos, 'POST', '/api/v1/fiscal/nfce/inutilizacoes', { ...corpo, justificativa: 'curta' });
    expect(curta.statusCode).toBe(422);
    expect(curta.body).toMatch(/ao menos 15 caracteres/);
  });

  it('voids a gap with a signed request: the range and its rejected notes become INUTILIZADA', async () => {
    const rejeitada = await nota('REJEITADA');
    const corpo = {
      lojaId: ref.BV01,
      serie: 1,
      numeroInicial: rejeitada.numero,
      numeroFinal: rejeitada.numero + 3,
      justificativa: 'Numeração pulada por falha do PDV',
    };
    numero += 3;
    const r = await call(carlos, 'POST', '/api/v1/fiscal/nfce/inutilizacoes', corpo);
    expect(r.statusCode, r.body).toBe(202);
    expect((await esperar(r.json().tarefaId)).status).toBe('CONCLUIDO');
    const [inut] = await q<{ status: string; c_stat: number; protocolo: string }>(
      'select status, c_stat, protocolo from inutilizacao_nfce where numero_inicial = $1',
      [rejeitada.numero],
    );
    expect(inut).toMatchObject({ status: 'INUTILIZADA', c_stat: 102 });
    expect(inut!.protocolo).toBeTruthy();
    expect(await documento(rejeitada.chave)).toMatchObject({ status: 'INUTILIZADA', c_stat: 102 });
    const deNovo = await call(carlos, 'POST', '/api/v1/fiscal/nfce/inutilizacoes', corpo);
    expect(deNovo.statusCode).toBe(409);
  });
});

describe('Reenvio das contingências da loja', () => {
  it('resends every contingency note as one job with progress', async () => {
    await q(`update documento_nfce set status = 'REJEITADA' where status = 'CONTINGENCIA'`);
    const notas = [await nota('CONTINGENCIA'), await nota('CONTINGENCIA'), await nota('CONTINGENCIA')];
    sefaz.conhecer(notas[1]!.chave);
    const r = await call(carlos, 'POST', `/api/v1/fiscal/lojas/${ref.BV01}/nfce-contingencias/reenvio`, {});
    expect(r.statusCode, r.body).toBe(202);
    const fim = (await call(ana, 'GET', `/api/v1/tarefas/${r.json().tarefaId}`)).json();
    expect(fim.titulo).toMatch(/contingência de BV01/);
    const feito = await esperar(r.json().tarefaId);
    expect(feito).toMatchObject({
      status: 'CONCLUIDO',
      resultado: { total: 3, autorizadas: 3, rejeitadas: 0, falhas: 0 },
    });
    for (const n of notas) expect((await documento(n.chave)).status).toBe('AUTORIZADA');
    const nada = await call(carlos, 'POST', `/api/v1/fiscal/lojas/${ref.BV01}/nfce-contingencias/reenvio`, {});
    expect(nada.statusCode).toBe(422);
  });
});

describe('Avisos', () => {
  it('a store with notes rejected longer ago than the tenant setting tells its users, once a day', async () => {
    await q(`update documento_nfce set atualizado_em = now() - interval '3 hours' where status = 'REJEITADA'`);
    const antes = await q<{ n: number }>(
      `select count(*)::int as n from notificacao where titulo like 'BV01:%rejeitada%'`,
    );
    const n = await t.db.withTenant(ref.assinante, (trx) => avisarNfceDoAssinante(trx, ref.assinante));
    expect(n).toBeGreaterThan(0);
    const depois = await q<{ n: number }>(
      `select count(*)::int as n from notificacao where titulo like 'BV01:%rejeitada%'`,
    );
    expect(depois[0]!.n).toBeGreaterThan(antes[0]!.n);
    const again = await t.db.withTenant(ref.assinante, (trx) => avisarNfceDoAssinante(trx, ref.assinante));
    expect(again).toBe(0);
  });
});
