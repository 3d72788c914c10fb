/**
 * Reading the supplier's NF-e XML (layout 4.00: `nfeProc > NFe > infNFe`, or a bare `NFe`) into plain values,
 * with fast-xml-parser as the XML plugin uses it: no DTD, no external entity, a depth bound. Checks the
 * layout (an NF-e, modelo 55), the chave (Id of infNFe or the protocol's chNFe: check digit, UF, month, and
 * agreement with the issuer, série and number). What is read is still text: the command's steps validate
 * the decimals and resolve the supplier and the products.
 */
import {
  falhaDeCampo,
  type FalhaDeCampo,
  lerDecimalTexto,
  LIMITES_DECIMAL,
  MSG_NOTA_COMPRA as MSG,
  normalizarCnpj,
  partesChaveAcesso,
} from '@retaguarda/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type No = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  processEntities: true,
  htmlEntities: false,
  maxNestedTags: 16,
  isArray: (nome) => nome === 'det' || nome === 'dup',
});

export interface ItemDoXml {
  nItem: number;
  cProd: string;
  /** a GTIN, or null ("SEM GTIN", empty) */
  cEAN: string | null;
  xProd: string;
  ncm: string | null;
  cest: string | null;
  cfop: string | null;
  uCom: string | null;
  qCom: string;
  vUnCom: string;
  vProd: string;
  vDesc: string;
  vFrete: string;
  vSeg: string;
  vOutro: string;
  origem: string | null;
  cstIcms: string | null;
  vBC: string;
  pICMS: string;
  vICMS: string;
  vBCST: string;
  pICMSST: string;
  vICMSST: string;
  cstIpi: string | null;
  pIPI: string;
  vIPI: string;
  cstPis: string | null;
  pPIS: string;
  vPIS: string;
  cstCofins: string | null;
  pCOFINS: string;
  vCOFINS: string;
}

export interface NotaDoXml {
  chave: string;
  modelo: string;
  serie: string;
  numero: number;
  natOp: string | null;
  /** local date and time as written (the offset dropped): YYYY-MM-DDTHH:mm:ss */
  dataEmissao: string;
  emitente: { cnpj: string; nome: string };
  destinatarioCnpj: string | null;
  totais: Record<
    | 'vBC'
    | 'vICMS'
    | 'vBCST'
    | 'vST'
    | 'vProd'
    | 'vFrete'
    | 'vSeg'
    | 'vDesc'
    | 'vIPI'
    | 'vPIS'
    | 'vCOFINS'
    | 'vOutro'
    | 'vNF',
    string
  >;
  itens: ItemDoXml[];
  duplicatas: Array<{ numero: string; vencimento: string; valor: string }>;
}

const no = (v: unknown): No | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as No) : undefined);
const txt = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() || null;
  const n = no(v);
  return n && typeof n['#text'] === 'string' ? n['#text'].trim() || null : null;
};
/** The single child group of a choice (ICMS > ICMS00|ICMS10|…|ICMSSN102…): its first object child. */
const escolha = (v: unknown): No | undefined => {
  const n = no(v);
  if (!n) return undefined;
  for (const k of Object.keys(n)) if (!k.startsWith('@') && no(n[k])) return no(n[k]);
  return undefined;
};

/** The NF-e's values, or the field errors (not XML, not an NF-e, a wrong chave, a bad decimal). */
export function lerNfe(conteudo: string): { nota: NotaDoXml } | { falhas: FalhaDeCampo[] } {
  const um = (m: string) => ({ falhas: [falhaDeCampo('arquivo', m)] });
  const texto = conteudo.replace(/^\uFEFF/, '');
  // no DOCTYPE at all: an NF-e never has one, and entity tricks start there
  if (/<!DOCTYPE/i.test(texto) || XMLValidator.validate(texto) !== true) return um(MSG.xmlInvalido);
  let raiz: No;
  try {
    raiz = parser.parse(texto) as No;
  } catch {
    return um(MSG.xmlInvalido);
  }
  const proc = no(raiz.nfeProc);
  const nfe = no(proc?.NFe) ?? no(raiz.NFe);
  const inf = no(nfe?.infNFe);
  const ide = no(inf?.ide);
  const emit = no(inf?.emit);
  const total = no(no(inf?.total)?.ICMSTot);
  const dets = Array.isArray(inf?.det) ? (inf.det as unknown[]) : [];
  if (!inf || !ide || !emit || !total || !dets.length) return um(MSG.naoEhNfe);
  const modelo = txt(ide.mod) ?? '';
  if (modelo !== '55') return um(MSG.modeloInvalido(modelo || '?'));

  const falhas: FalhaDeCampo[] = [];
  const chave = (
    txt(no(no(proc?.protNFe)?.infProt)?.chNFe) ??
    txt(inf['@Id'])?.replace(/^NFe/, '') ??
    ''
  ).toUpperCase();
  const partes = partesChaveAcesso(chave);
  const cnpj = normalizarCnpj(txt(emit.CNPJ) ?? '');
  const serie = txt(ide.serie) ?? '';
  const numero = Number(txt(ide.nNF) ?? '0');
  if (!partes) falhas.push(falhaDeCampo('chaveDaNfe', MSG.chaveInvalida));
  else if (partes.cnpj !== cnpj.padStart(14, '0') || partes.serie !== Number(serie) || partes.numero !== numero)
    falhas.push(falhaDeCampo('chaveDaNfe', MSG.chaveDiferente));
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) falhas.push(falhaDeCampo('fornecedorId', MSG.emitenteSemCnpj));
  const dhEmi = txt(ide.dhEmi) ?? txt(ide.dEmi) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}/.test(dhEmi)) falhas.push(falhaDeCampo('dataEmissao', 'data de emissão ausente no XML.'));

  // decimals as the layout writes them (dot, up to 10 places for unit values): checked here, once
  const dec = (v: unknown, campo: string, casas = 4): string => {
    const t = txt(v);
    if (t === null) return '0';
    const lido = lerDecimalTexto(t, { casas, inteiros: LIMITES_DECIMAL.dinheiro.inteiros });
    if ('falha' in lido) {
      falhas.push(falhaDeCampo(campo, `${t}: ${lido.falha}`));
      return '0';
    }
    return lido.texto;
  };

  const itens: ItemDoXml[] = dets.map((d, i) => {
    const det = no(d) ?? {};
    const prod = no(det.prod) ?? {};
    const imp = no(det.imposto) ?? {};
    const icms = escolha(imp.ICMS) ?? {};
    const ipi = no(imp.IPI);
    const ipiGrupo = no(ipi?.IPITrib) ?? no(ipi?.IPINT) ?? {};
    const pis = escolha(imp.PIS) ?? {};
    const cofins = escolha(imp.COFINS) ?? {};
    const campo = `itens[${i}]`;
    const ean = txt(prod.cEAN);
    return {
      nItem: Number(txt(det['@nItem']) ?? i + 1),
      cProd: txt(prod.cProd) ?? '',
      cEAN: ean && /^\d{8,14}$/.test(ean) ? ean : null,
      xProd: txt(prod.xProd) ?? '',
      ncm: txt(prod.NCM),
      cest: txt(prod.CEST),
      cfop: txt(prod.CFOP),
      uCom: txt(prod.uCom),
      qCom: dec(prod.qCom, `${campo}.quantidade`),
      vUnCom: dec(prod.vUnCom, `${campo}.valorUnitario`, 10),
      vProd: dec(prod.vProd, `${campo}.valorTotal`, 2),
      vDesc: dec(prod.vDesc, `${campo}.valorDesconto`, 2),
      vFrete: dec(prod.vFrete, `${campo}.valorFrete`, 2),
      vSeg: dec(prod.vSeg, `${campo}.valorSeguro`, 2),
      vOutro: dec(prod.vOutro, `${campo}.valorOutras`, 2),
      origem: txt(icms.orig),
      cstIcms: txt(icms.CST) ?? txt(icms.CSOSN),
      vBC: dec(icms.vBC, `${campo}.baseIcms`, 2),
      pICMS: dec(icms.pICMS, `${campo}.aliquotaIcms`),
      vICMS: dec(icms.vICMS, `${campo}.valorIcms`, 2),
      vBCST: dec(icms.vBCST, `${campo}.baseIcmsSt`, 2),
      pICMSST: dec(icms.pICMSST, `${campo}.aliquotaIcmsSt`),
      vICMSST: dec(icms.vICMSST, `${campo}.valorIcmsSt`, 2),
      cstIpi: txt(ipiGrupo.CST),
      pIPI: dec(ipiGrupo.pIPI, `${campo}.aliquotaIpi`),
      vIPI: dec(ipiGrupo.vIPI, `${campo}.valorIpi`, 2),
      cstPis: txt(pis.CST),
      pPIS: dec(pis.pPIS, `${campo}.aliquotaPis`),
      vPIS: dec(pis.vPIS, `${campo}.valorPis`, 2),
      cstCofins: txt(cofins.CST),
      pCOFINS: dec(cofins.pCOFINS, `${campo}.aliquotaCofins`),
      vCOFINS: dec(cofins.vCOFINS, `${campo}.valorCofins`, 2),
    };
  });
  const totais = Object.fromEntries(
    (
      [
        'vBC',
        'vICMS',
        'vBCST',
        'vST',
        'vProd',
        'vFrete',
        'vSeg',
        'vDesc',
        'vIPI',
        'vPIS',
        'vCOFINS',
        'vOutro',
        'vNF',
      ] as const
    ).map((k) => [k, dec(total[k], `totais.${k}`, 2)]),
  ) as NotaDoXml['totais'];
  const dups = no(no(inf.cobr))?.dup;
  const duplicatas = (Array.isArray(dups) ? dups : []).map((d, i) => {
    const dup = no(d) ?? {};
    return {
      numero: txt(dup.nDup) ?? String(i + 1).padStart(3, '0'),
      vencimento: txt(dup.dVenc) ?? '',
      valor: dec(dup.vDup, `parcelas[${i}].valor`, 2),
    };
  });
  if (falhas.length) return { falhas };
  return {
    nota: {
      chave,
      modelo,
      serie,
      numero,
      natOp: txt(ide.natOp),
      dataEmissao: dhEmi.length >= 19 ? dhEmi.slice(0, 19) : `${dhEmi.slice(0, 10)}T00:00:00`,
      emitente: { cnpj, nome: txt(emit.xNome) ?? cnpj },
      destinatarioCnpj: txt(no(inf.dest)?.CNPJ),
      totais,
      itens,
      duplicatas,
    },
  };
}
