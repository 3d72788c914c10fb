/**
 * The store's A1 certificate and CSC (administrators). The certificate comes as a file through the upload
 * kit (multipart `arquivo` or the raw body, .pfx/.p12) with its password in the X-Senha-Certificado header
 * (never in a URL or a log); it is opened with node-forge and refused in Portuguese when the password is
 * wrong, the file is no A1 or it is out of its validity; then sealed (secrets kit) and its expiry shown on
 * the store. Nothing of it reaches the general uploads, the audit row or an idempotency answer.
 */
import { comandoCertificadoNfce, comandoCscNfce, MSG_NFCE_ACOES as MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import { lerParametroNaTransacao } from '../../configuracoes';
import { defineWorkflow, recusar } from '../../workflows';
import {
  type CertificadoA1,
  dataDoCertificado,
  diasParaVencer,
  ErroCertificado,
  exigirVigente,
  lerPfx,
} from './sefaz/certificado';
import { guardarCertificado, guardarCsc } from './sefaz/segredos';

export const gravarCertificadoNfce = defineWorkflow(comandoCertificadoNfce, {
  estadoInicial: () => ({ cert: null as CertificadoA1 | null, aviso: null as string | null }),
  passos: [
    async (ctx) => {
      const pfx = Buffer.from(ctx.entrada.pfx, 'base64');
      try {
        ctx.estado.cert = lerPfx(pfx, ctx.entrada.senha, MSG);
        exigirVigente(ctx.estado.cert, new Date(), MSG);
      } catch (e) {
        if (e instanceof ErroCertificado) throw recusar(e.motivo === 'senha' ? 'senha' : 'arquivo', e.message);
        throw e;
      }
      const cert = ctx.estado.cert;
      await guardarCertificado(ctx.trx, ctx.loja.id, pfx, ctx.entrada.senha, ctx.usuarioId);
      const validade = cert.validoAte.toISOString().slice(0, 10);
      await sql`update loja set nfce_certificado_validade = ${validade}::date where id = ${ctx.loja.id}`.execute(
        ctx.trx,
      );
      // a new certificate is warned about anew when it too nears its end
      await sql`update nfce_loja_sefaz set certificado_avisado_em = null where loja_id = ${ctx.loja.id}`.execute(
        ctx.trx,
      );
      const dias = diasParaVencer(cert, new Date());
      const aviso = await lerParametroNaTransacao(ctx.trx, 'fiscal.avisoVencimentoCertificado');
      if (dias <= aviso) ctx.estado.aviso = MSG.avisoVencimento(dias, dataDoCertificado(cert.validoAte));
      // the audit row names the store and the certificate, never its content or password
      ctx.auditoria = {
        entidade: 'certificado_nfce',
        entidadeId: ctx.loja.id,
        operacao: 'ALTERACAO',
        depois: { titular: cert.titular, cnpj: cert.cnpj, validade },
      };
    },
  ],
  resposta: (ctx) => {
    const c = ctx.estado.cert!;
    return {
      lojaId: ctx.loja.id,
      titular: c.titular,
      cnpj: c.cnpj,
      validade: c.validoAte.toISOString().slice(0, 10),
      diasParaVencer: diasParaVencer(c, new Date()),
      aviso: ctx.estado.aviso,
      message: MSG.certificadoGravado,
    };
  },
});

export const gravarCscNfce = defineWorkflow(comandoCscNfce, {
  estadoInicial: () => ({}),
  passos: [
    async (ctx) => {
      await guardarCsc(ctx.trx, ctx.loja.id, ctx.entrada.token, ctx.usuarioId);
      await sql`update loja set nfce_csc_id = ${ctx.entrada.cscId} where id = ${ctx.loja.id}`.execute(ctx.trx);
      ctx.auditoria = {
        entidade: 'csc_nfce',
        entidadeId: ctx.loja.id,
        operacao: 'ALTERACAO',
        depois: { cscId: ctx.entrada.cscId },
      };
    },
  ],
  resposta: (ctx) => ({ lojaId: ctx.loja.id, cscId: ctx.entrada.cscId, message: MSG.cscGravado }),
});
