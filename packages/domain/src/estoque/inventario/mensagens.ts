/** Messages of inventory counting (server answers and the web alike). */
import { dataBr } from '../../tempo/zonas';
import type { StatusInventario } from './contrato';

const ROTULO_STATUS: Record<StatusInventario, string> = {
  ABERTO: 'aberto',
  EM_CONTAGEM: 'em contagem',
  EM_CONFERENCIA: 'em conferência',
  FINALIZADO: 'finalizado',
  CANCELADO: 'cancelado',
};

export const MSG_INVENTARIO = {
  entidade: 'inventários',
  naoEncontrado: 'Inventário não encontrado.',
  foraDoEscopo: 'Você não tem acesso à loja deste inventário.',
  /** the tenant setting "Inventário habilitado" (estoque.inventarioHabilitado) is off */
  desabilitado:
    'O inventário está desabilitado nesta empresa: um administrador pode habilitá-lo em Parâmetros (Inventário habilitado).',
  itemNaoEncontrado: 'Item de inventário não encontrado.',
  localNaoEncontrado: 'local de estoque não encontrado.',
  localDeOutraLoja: 'o local de estoque não pertence à loja informada.',
  localInativo: 'o local de estoque está inativo.',
  localNaoInventariavel: 'o local de estoque não é inventariável.',
  localEmTransito: 'o local de mercadorias em trânsito não é inventariado.',
  jaAberto: (id: number) => `já há um inventário aberto neste local (inventário ${id}): finalize-o ou cancele-o antes.`,
  escopoExigido:
    'informe o escopo (seções, grupos, marcas, fornecedores ou produtos) de um inventário parcial ou rotativo.',
  escopoEmGeral: 'um inventário geral abrange todo o local: não informe escopo.',
  escopoVazio: 'nenhum produto ativo está no escopo informado.',
  referenciaFutura: 'a data de referência não pode ser posterior ao momento atual da loja.',
  /** an action the status does not allow (409): the transition table names them */
  transicao: (acao: string, status: StatusInventario) =>
    `Não é possível ${acao}: o inventário está ${ROTULO_STATUS[status]}.`,
  semNovaContagem: (n: number) => `o inventário prevê ${n} contagem(ns): não há outra contagem a abrir.`,
  informeProduto: 'informe o produto (produtoId) ou o código (codigo).',
  codigoDesconhecido: (codigo: string) => `o código ${codigo} não corresponde a nenhum produto.`,
  produtoDesconhecido: (id: number) => `o produto ${id} não existe.`,
  foraDoEscopoDoInventario: (id: number) => `o produto ${id} está fora do escopo deste inventário.`,
  naoRecontar: (id: number, n: number) => `o produto ${id} não está na ${n}ª contagem (só os itens a recontar).`,
  casasDecimais: (casas: number) =>
    casas === 0
      ? 'a unidade do produto não aceita frações.'
      : `no máximo ${casas} casas decimais para a unidade do produto.`,
  zerarSoGeral: 'zerar os não contados só vale para um inventário geral.',
  tipoAjusteInvalido: (uso: 'SOBRA' | 'FALTA') => `o tipo de ajuste deve ser ativo e de uso ${uso} no inventário.`,
  lancamentoAntesDaReferencia: (ref: string) =>
    `a data de lançamento não pode ser anterior à data de referência (${dataBr(ref)}).`,
  lancamentoFuturo: (hoje: string) => `a data de lançamento não pode ser posterior a hoje (${dataBr(hoje)}).`,
  arquivoComProblemas: (n: number) =>
    `o arquivo tem ${n} problema(s): corrija-os (veja a prévia) e envie de novo; nada foi gravado.`,
  linhaProblema: (linha: number, mensagem: string) => `linha ${linha}: ${mensagem}`,
  arquivoVazio: 'o arquivo não tem linhas de contagem.',
  incluido: (id: number) => `Inventário ${id} incluído.`,
  finalizado: (id: number) => `Inventário ${id} finalizado.`,
} as const;
