/** Messages of the stock statement (server answers, the screen and the report alike). */
import { dataBr } from '../../tempo/zonas';

export const MSG_EXTRATO = {
  entidade: 'o extrato de estoque',
  titulo: 'Extrato de estoque',
  /** domain §11: the statement is a franchise (BOTICARIO) feature; a TODOS tenant is denied. */
  tipoClienteNegado:
    'O extrato de estoque está disponível somente para clientes do tipo franquia (BOTICARIO). Para ter acesso, solicite ao administrador.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  localNaoEncontrado: 'Local de estoque não encontrado.',
  localDeOutraLoja: 'o local de estoque não pertence à loja informada.',
  periodoInvertido: 'a data final deve ser igual ou posterior à data inicial.',
  periodoLongo: (dias: number) => `informe um período de no máximo ${dias} dias.`,
  todosOsLocais: 'Todos os locais',
  saldoAnterior: (de: string) => `Saldo anterior a ${dataBr(de)}`,
  saldoFinal: (ate: string) => `Saldo final em ${dataBr(ate)}`,
  semMovimentos: 'Nenhum movimento no período.',
} as const;

/** How a document is named on a statement line ("Ajuste 12"); unknown kinds keep their code. */
const DOCUMENTOS: Readonly<Record<string, string>> = {
  AJUSTE: 'Ajuste',
  INVENTARIO: 'Inventário',
  TRANSFERENCIA: 'Transferência',
  REQUISICAO: 'Requisição',
  NFE: 'NF-e',
  NFCE: 'NFC-e',
  VENDA: 'Venda',
  PRODUCAO: 'Produção',
};

export function rotuloDocumento(tipo: string, id: string | null): string {
  const nome =
    DOCUMENTOS[tipo] ?? (tipo ? tipo.charAt(0) + tipo.slice(1).toLowerCase().replace(/_/g, ' ') : 'Documento');
  return id ? `${nome} ${id}` : nome;
}
