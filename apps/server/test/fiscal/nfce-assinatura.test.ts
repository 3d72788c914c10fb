import { describe, expect, it } from 'vitest';
import { gerarPfx } from './certificados.support';
import { assinarXml, verificarAssinatura } from '../../src/modules/fiscal/sefaz/assinatura';
import { ErroCertificado, exigirVigente, lerPfx } from '../../src/modules/fiscal/sefaz/certificado';
import { eventoCancelamento, lerResposta, pedidoInutilizacao } from '../../src/modules/fiscal/sefaz/xml';

const MSGS = {
  senhaErrada: 'senha errada',
  naoA1: 'não é A1',
  vencido: (d: string) => `venceu em ${d}`,
  aindaNaoValido: (d: string) => `válido a partir de ${d}`,
};
const CHAVE = '41261141553872000164650010000001231000001230';

describe('A1 certificate and SEFAZ signatures', () => {
  const { pfx } = gerarPfx({ senha: 'segredo', cnpj: '41553872000164', venceEmDias: 200 });
  const cert = lerPfx(pfx, 'segredo', MSGS);
  const evento = eventoCancelamento(
    {
      chave: CHAVE,
      tpAmb: 2,
      cnpj: '41553872000164',
      protocolo: '141260000000001',
      justificativa: 'Cliente desistiu da compra',
      em: new Date(),
    },
    1,
  );

  it('reads holder, CNPJ and validity from the .pfx', () => {
    expect(cert.titular).toBe('BELA VIDA COSMETICOS LTDA');
    expect(cert.cnpj).toBe('41553872000164');
    expect(cert.validoAte.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password and an expired certificate', () => {
    expect(() => lerPfx(pfx, 'outra', MSGS)).toThrow(ErroCertificado);
    const velho = lerPfx(gerarPfx({ senha: 'x', cnpj: '41553872000164', venceEmDias: -1 }).pfx, 'x', MSGS);
    expect(() => exigirVigente(velho, new Date(), MSGS)).toThrow(/venceu em/);
  });

  it('signs an event (enveloped, RSA-SHA1, after infEvento) and verifies it', () => {
    const assinado = assinarXml(evento, 'infEvento', cert);
    expect(assinado).toMatch(/<\/infEvento><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
    expect(assinado).toContain('http://www.w3.org/2000/09/xmldsig#rsa-sha1');
    expect(assinado).toContain(`URI="#ID110111${CHAVE}01"`);
    expect(verificarAssinatura(assinado, 'infEvento')).toMatchObject({ valida: true });
  });

  it('a tampered, unsigned or otherwise-signed message does not verify', () => {
    const assinado = assinarXml(evento, 'infEvento', cert);
    expect(verificarAssinatura(assinado.replace('Cliente desistiu', 'Cliente desistiU'), 'infEvento').valida).toBe(
      false,
    );
    expect(verificarAssinatura(evento, 'infEvento').valida).toBe(false);
    const inut = assinarXml(
      pedidoInutilizacao({
        cUF: '41',
        tpAmb: 2,
        ano: 2026,
        cnpj: '41553872000164',
        serie: 1,
        inicial: 5,
        final: 9,
        justificativa: 'Falha no sistema do PDV',
      }),
      'infInut',
      cert,
    );
    expect(verificarAssinatura(inut, 'infInut').valida).toBe(true);
    expect(verificarAssinatura(inut, 'infEvento').valida).toBe(false);
  });

  it('reads the deciding cStat of an answer', () => {
    const r = lerResposta(
      '<retEnvEvento xmlns="http://www.portalfiscal.inf.br/nfe"><cStat>128</cStat><xMotivo>Lote</xMotivo><retEvento><infEvento><cStat>135</cStat><xMotivo>Evento registrado</xMotivo><nProt>1</nProt></infEvento></retEvento></retEnvEvento>',
    );
    expect(r).toMatchObject({ cStat: 135, protocolo: '1' });
    const c = lerResposta(
      '<retConsSitNFe xmlns="http://www.portalfiscal.inf.br/nfe"><cStat>101</cStat><xMotivo>Cancelamento</xMotivo><protNFe><infProt><cStat>100</cStat><nProt>9</nProt></infProt></protNFe></retConsSitNFe>',
    );
    expect(c).toMatchObject({ cStat: 101, protocolo: '9' });
  });
});
