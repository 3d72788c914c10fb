/**
 * The 80 mm NFC-e DANFE (MOC annex I, "DANFE NFC-e" layout) to reprint: issuer, the items, totals,
 * payments, the consultation by chave, the consumer, number/série/emission/protocol and the QR code.
 * pdfmake draws the QR code itself; the page is 80 mm wide (72 mm printable) and as long as the note.
 */
import { type DetalheNfce, TABELA_STATUS_NFCE } from '@retaguarda/domain';
import { type Content, renderizarPdf, type TDocumentDefinitions } from '../relatorios/pdf';

const MM = 72 / 25.4;
const dinheiro = (v: string | null) =>
  v === null ? '' : Number(v).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantidade = (v: string) => Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 4 });
const dataHora = (v: string | null) =>
  v ? `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)} ${v.slice(11, 19)}` : '';
const cnpj = (v: string | null) =>
  v && /^\d{14}$/.test(v) ? v.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5') : (v ?? '');
const cpf = (v: string) => (/^\d{11}$/.test(v) ? v.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') : v);
const chaveEmGrupos = (c: string) => c.replace(/(\d{4})(?=\d)/g, '$1 ');
const linha: Content = {
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: 72 * MM, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
  margin: [0, 3, 0, 3],
};

export function documentoDanfe(n: DetalheNfce): TDocumentDefinitions {
  const d = n.documento;
  const itens = n.itens.filter((i) => !i.cancelado);
  const bruto = itens.reduce((s, i) => s + Number(i.valorUnitario) * Number(i.quantidade), 0);
  const descontos = itens.reduce((s, i) => s + Number(i.valorDesconto) - Number(i.valorAcrescimo), 0);
  const troco = n.pagamentos.reduce((s, p) => s + Number(p.troco), 0);
  const homologacao = d.ambiente === 2;
  const situacao = d.status === 'AUTORIZADA' ? null : TABELA_STATUS_NFCE[d.status].rotulo.toUpperCase();
  const conteudo: Content[] = [
    { text: n.emitente.razaoSocial ?? '', bold: true, alignment: 'center' },
    {
      text: `CNPJ ${cnpj(n.emitente.cnpj)}${n.emitente.fantasia ? ` — ${n.emitente.fantasia}` : ''}`,
      alignment: 'center',
    },
    linha,
    {
      text: 'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
      bold: true,
      alignment: 'center',
      fontSize: 7,
    },
    ...(homologacao
      ? [
          {
            text: 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO – SEM VALOR FISCAL',
            bold: true,
            alignment: 'center',
            fontSize: 7,
          },
        ]
      : []),
    ...(situacao ? [{ text: `NOTA ${situacao}`, bold: true, alignment: 'center', color: '#b00000' }] : []),
    linha,
    {
      table: {
        headerRows: 1,
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [
          [
            { text: 'Código / Descrição', bold: true },
            { text: 'Qtde', bold: true, alignment: 'right' },
            { text: 'Vl unit', bold: true, alignment: 'right' },
            { text: 'Vl total', bold: true, alignment: 'right' },
          ],
          ...itens.map((i) => [
            `${i.codigo ?? i.produtoId} ${i.descricao ?? ''}`,
            { text: quantidade(i.quantidade), alignment: 'right' },
            { text: dinheiro(i.valorUnitario), alignment: 'right' },
            { text: dinheiro(i.valorTotal), alignment: 'right' },
          ]),
        ],
      },
      layout: 'noBorders',
      fontSize: 6.5,
    },
    linha,
    {
      columns: [{ text: 'Qtde. total de itens' }, { text: String(itens.length), alignment: 'right' }],
    },
    { columns: [{ text: 'Valor total R$' }, { text: dinheiro(bruto.toFixed(2)), alignment: 'right' }] },
    ...(Math.abs(descontos) >= 0.005
      ? [{ columns: [{ text: 'Descontos R$' }, { text: dinheiro(descontos.toFixed(2)), alignment: 'right' }] }]
      : []),
    {
      columns: [
        { text: 'Valor a pagar R$', bold: true },
        { text: dinheiro(d.valorTotal), alignment: 'right', bold: true },
      ],
    },
    {
      columns: [
        { text: 'FORMA PAGAMENTO', bold: true },
        { text: 'VALOR PAGO R$', alignment: 'right', bold: true },
      ],
      margin: [0, 2, 0, 0],
    },
    ...n.pagamentos.map((p) => ({
      columns: [{ text: p.formaPagamento }, { text: dinheiro(p.valor), alignment: 'right' }],
    })),
    ...(troco > 0
      ? [{ columns: [{ text: 'Troco R$' }, { text: dinheiro(troco.toFixed(2)), alignment: 'right' }] }]
      : []),
    linha,
    { text: 'Consulte pela Chave de Acesso em', alignment: 'center', bold: true, fontSize: 6.5 },
    { text: (d.qrCodeUrl ?? '').split('?')[0] ?? '', alignment: 'center', fontSize: 6 },
    { text: chaveEmGrupos(d.chave), alignment: 'center', fontSize: 6.5 },
    linha,
    {
      text: n.consumidor.cpf ? `CONSUMIDOR CPF: ${cpf(n.consumidor.cpf)}` : 'CONSUMIDOR NÃO IDENTIFICADO',
      alignment: 'center',
      bold: true,
    },
    linha,
    {
      text: `NFC-e nº ${d.numero ?? '—'}  Série ${d.serie ?? '—'}  ${dataHora(d.dataEmissao)}`,
      alignment: 'center',
      bold: true,
    },
    ...(d.tpEmis === 9 ? [{ text: 'EMITIDA EM CONTINGÊNCIA', alignment: 'center', bold: true }] : []),
    ...(d.protocolo ? [{ text: `Protocolo de autorização: ${d.protocolo}`, alignment: 'center' }] : []),
    ...(d.autorizadoEm ? [{ text: `Data de autorização: ${dataHora(d.autorizadoEm)}`, alignment: 'center' }] : []),
    ...(d.qrCodeUrl ? [{ qr: d.qrCodeUrl, fit: 120, alignment: 'center', margin: [0, 6, 0, 4] }] : []),
    {
      text: `Caixa ${d.numeroCaixa ?? '—'}${d.operador ? ` · Operador ${d.operador}` : ''}`,
      alignment: 'center',
      fontSize: 6,
    },
  ];
  return {
    pageSize: { width: 80 * MM, height: 'auto' },
    pageMargins: [4 * MM, 4 * MM, 4 * MM, 4 * MM],
    info: { title: `NFC-e ${d.numero ?? ''} — ${d.chave}`, creator: 'Retaguarda' },
    defaultStyle: { font: 'Roboto', fontSize: 7, lineHeight: 1.05 },
    content: conteudo,
  };
}

export const gerarDanfeNfce = (n: DetalheNfce): Promise<Buffer> => renderizarPdf(documentoDanfe(n), null);
