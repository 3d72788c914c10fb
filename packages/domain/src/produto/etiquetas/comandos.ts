/** The public face of the shelf labels' print (202 + its job; the PDF is that job's report). */
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { entradaImpressaoEtiqueta, impressaoEtiquetaIniciada, MSG_ETIQUETA } from './contrato';

export const comandoImpressaoEtiqueta = defineCommand({
  nome: 'produto.impressao-etiqueta',
  caminho: '/api/v1/produto/impressao-etiqueta',
  resumo: 'Gera o PDF das etiquetas de gôndola de produtos em lojas (tarefa; preço de oferta vigente, EAN-13)',
  entidade: MSG_ETIQUETA.entidade,
  entrada: entradaImpressaoEtiqueta,
  saida: impressaoEtiquetaIniciada,
  acesso: { permissao: perm('PRODUTO') },
  responde: 'tarefa',
  raizXml: 'ImpressaoEtiqueta',
});
