/** Messages of the POS sales upload and its inconsistencies (pt-BR). */
export const MSG_VENDA_PDV = {
  entidade: 'vendas do PDV',
  entidadeInconsistencia: 'inconsistências de subida de vendas',
  nenhumValido: 'Nenhum cupom do envio é válido.',
  cupomInvalido: (i: number) => `Cupom ${i + 1} do envio inválido.`,
  jaRecebido: 'Cupom já recebido.',
  jaRecebidoPendente: (tipo: string) => `Cupom já recebido, pendente (${tipo}).`,
  lojaForaDoEscopo: (lojaId: number) => `Você não tem acesso à loja ${lojaId}.`,
  produtoNaoCadastrado: (codigo: string) => `Produto ${codigo} não cadastrado.`,
  produtoInativo: (codigo: string) => `Produto ${codigo} inativo.`,
  finalizadoraNaoCadastrada: (id: number) => `Finalizadora ${id} não cadastrada.`,
  operadorNaoCadastrado: (id: number) => `Operador ${id} não cadastrado.`,
  clienteNaoCadastrado: (id: number) => `Cliente ${id} não cadastrado.`,
  pdvNaoCadastrado: (caixa: number) => `PDV ${caixa} não cadastrado na loja.`,
  cupomDuplicado: (caixa: number, seq: number) =>
    `O cupom ${seq} do caixa ${caixa} já foi recebido com outro conteúdo.`,
  movimentoFechado: (data: string, fechadoAte: string) =>
    `O estoque da loja está fechado até ${fechadoAte.split('-').reverse().join('/')}: a venda de ${data.split('-').reverse().join('/')} não pode ser lançada.`,
  fechadoDuranteEnvio: (data: string, fechadoAte: string) =>
    `O estoque da loja foi fechado até ${fechadoAte.split('-').reverse().join('/')} durante o envio (venda de ${data.split('-').reverse().join('/')}): reenvie o lote; nada dele foi gravado.`,
  chaveInvalida: 'a chave de acesso não confere com o seu dígito verificador.',
  tributacaoAusente: (produtoId: number, faltando: string) =>
    `Produto ${produtoId} sem tributação completa para a venda: ${faltando}`,
  lojaNaoEncontrada: (lojaId: number) => `Loja ${lojaId} não encontrada.`,
  metodoNaoPermitido:
    'Os cupons fiscais são enviados pelo PDV em POST /api/v1/pdv/vendas; esta consulta só aceita GET.',
} as const;
