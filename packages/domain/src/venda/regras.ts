import { type FalhaDeCampo, falhaDeCampo } from '../contrato';

/** A returned item that goes back to stock needs to know which kind of location receives it. */
export function errosMotivoTrocaDevolucao(m: {
  retornaEstoque?: unknown;
  tipoLocalDestino?: unknown;
  geraValeTroca?: unknown;
  tipo?: unknown;
}): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [];
  if (m.retornaEstoque === true && !m.tipoLocalDestino)
    erros.push(falhaDeCampo('tipoLocalDestino', 'informe para qual local de estoque a mercadoria volta.'));
  if (m.geraValeTroca === true && m.tipo === 'DEVOLUCAO')
    erros.push(falhaDeCampo('geraValeTroca', 'vale-troca só se aplica a trocas.'));
  return erros;
}
