/**
 * NF-e samples written for the purchasing tests and bench (layout 4.00, nfeProc with its protocol): a valid
 * chave built by the domain's `montarChaveAcesso`, items with ICMS/IPI/PIS/COFINS groups and duplicatas.
 */
import { montarChaveAcesso } from '@retaguarda/domain';

export interface ItemAmostra {
  cProd: string;
  cEAN?: string;
  xProd: string;
  qCom: string;
  vUnCom: string;
  vProd: string;
  vIPI?: string;
  vICMSST?: string;
  vDesc?: string;
}

export interface Amostra {
  emitente: string;
  destinatario: string;
  serie: number;
  numero: number;
  dhEmi: string;
  itens: ItemAmostra[];
  duplicatas?: Array<{ nDup: string; dVenc: string; vDup: string }>;
  /** replaces the chave (a wrong check digit) */
  chave?: string;
}

export const chaveDaAmostra = (a: Amostra) =>
  a.chave ??
  montarChaveAcesso({
    cUF: '41',
    aamm: `${a.dhEmi.slice(2, 4)}${a.dhEmi.slice(5, 7)}`,
    cnpj: a.emitente,
    modelo: '55',
    serie: a.serie,
    numero: a.numero,
    tpEmis: 1,
    cNF: String(10000000 + (a.numero % 89999999)).padStart(8, '0'),
  });

const soma = (vs: string[]) => (vs.reduce((s, v) => s + Math.round(Number(v) * 100), 0) / 100).toFixed(2);

export function nfeXml(a: Amostra): string {
  const chave = chaveDaAmostra(a);
  const dets = a.itens
    .map(
      (i, n) => `<det nItem="${n + 1}"><prod><cProd>${i.cProd}</cProd><cEAN>${i.cEAN ?? 'SEM GTIN'}</cEAN>
<xProd>${i.xProd}</xProd><NCM>33030010</NCM><CFOP>5102</CFOP><uCom>UN</uCom><qCom>${i.qCom}</qCom>
<vUnCom>${i.vUnCom}</vUnCom><vProd>${i.vProd}</vProd><cEANTrib>${i.cEAN ?? 'SEM GTIN'}</cEANTrib><uTrib>UN</uTrib>
<qTrib>${i.qCom}</qTrib><vUnTrib>${i.vUnCom}</vUnTrib>${i.vDesc ? `<vDesc>${i.vDesc}</vDesc>` : ''}<indTot>1</indTot></prod>
<imposto><ICMS><ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>${i.vProd}</vBC><pICMS>12.00</pICMS>
<vICMS>${(Number(i.vProd) * 0.12).toFixed(2)}</vICMS><modBCST>4</modBCST><vBCST>${i.vProd}</vBCST><pICMSST>18.00</pICMSST>
<vICMSST>${i.vICMSST ?? '0.00'}</vICMSST></ICMS10></ICMS>
<IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>${i.vProd}</vBC><pIPI>5.00</pIPI><vIPI>${i.vIPI ?? '0.00'}</vIPI></IPITrib></IPI>
<PIS><PISAliq><CST>01</CST><vBC>${i.vProd}</vBC><pPIS>1.65</pPIS><vPIS>${(Number(i.vProd) * 0.0165).toFixed(2)}</vPIS></PISAliq></PIS>
<COFINS><COFINSAliq><CST>01</CST><vBC>${i.vProd}</vBC><pCOFINS>7.60</pCOFINS><vCOFINS>${(Number(i.vProd) * 0.076).toFixed(2)}</vCOFINS></COFINSAliq></COFINS>
</imposto></det>`,
    )
    .join('');
  const vProd = soma(a.itens.map((i) => i.vProd));
  const vIPI = soma(a.itens.map((i) => i.vIPI ?? '0'));
  const vST = soma(a.itens.map((i) => i.vICMSST ?? '0'));
  const vDesc = soma(a.itens.map((i) => i.vDesc ?? '0'));
  const vNF = (Number(vProd) - Number(vDesc) + Number(vIPI) + Number(vST)).toFixed(2);
  const dups = (a.duplicatas ?? [])
    .map((d) => `<dup><nDup>${d.nDup}</nDup><dVenc>${d.dVenc}</dVenc><vDup>${d.vDup}</vDup></dup>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe xmlns="http://www.portalfiscal.inf.br/nfe">
<infNFe Id="NFe${chave}" versao="4.00"><ide><cUF>41</cUF><cNF>${chave.slice(35, 43)}</cNF><natOp>VENDA DE MERCADORIA</natOp>
<mod>55</mod><serie>${a.serie}</serie><nNF>${a.numero}</nNF><dhEmi>${a.dhEmi}</dhEmi><tpNF>1</tpNF><idDest>1</idDest>
<tpAmb>2</tpAmb><finNFe>1</finNFe></ide>
<emit><CNPJ>${a.emitente}</CNPJ><xNome>Fornecedor &amp; Cia</xNome><CRT>3</CRT></emit>
<dest><CNPJ>${a.destinatario}</CNPJ><xNome>Loja</xNome></dest>
${dets}
<total><ICMSTot><vBC>${vProd}</vBC><vICMS>0.00</vICMS><vBCST>${vProd}</vBCST><vST>${vST}</vST><vProd>${vProd}</vProd>
<vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>${vDesc}</vDesc><vIPI>${vIPI}</vIPI><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS>
<vOutro>0.00</vOutro><vNF>${vNF}</vNF></ICMSTot></total>
<transp><modFrete>0</modFrete></transp>${dups ? `<cobr>${dups}</cobr>` : ''}
</infNFe></NFe><protNFe versao="4.00"><infProt><chNFe>${chave}</chNFe><cStat>100</cStat></infProt></protNFe></nfeProc>`;
}

/** The same chave with the check digit changed. */
export function chaveComDigitoErrado(a: Amostra): string {
  const c = chaveDaAmostra(a);
  return `${c.slice(0, 43)}${(Number(c[43]) + 1) % 10}`;
}

/** A well-formed XML that is not an NF-e (a CT-e's root). */
export const NAO_NFE = `<?xml version="1.0" encoding="UTF-8"?><cteProc versao="4.00"><CTe><infCte Id="CTe1"><ide><mod>57</mod></ide></infCte></CTe></cteProc>`;
