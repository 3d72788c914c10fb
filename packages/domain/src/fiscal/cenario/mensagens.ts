/** Messages of the cenários fiscais (API answers, engine reasons and the web alike). */
import { dataBr } from '../../tempo/zonas';

export const MSG_CENARIO = {
  // scenario by NCM
  escopoObrigatorio: 'informe o NCM ou o grupo NCM.',
  escopoDuplo: 'informe o NCM ou o grupo NCM, não os dois.',
  excecaoSemNcm: 'a exceção e o CEST só valem com o NCM.',
  csosnComCrt3: 'CSOSN só para emitente do Simples (CRT 1, 2 ou 4): para o CRT 3 informe o CST.',
  cstComSimples: 'CST informado para emitente do Simples: para o CRT 1, 2 ou 4 informe o CSOSN.',
  cstObrigatorio: 'informe o CST do ICMS.',
  csosnObrigatorio: 'informe o CSOSN.',
  cstOuCsosn: 'informe o CST (regime normal) e/ou o CSOSN (Simples).',
  stSemAliquota: 'informe a alíquota do ICMS-ST.',
  difalSemAliquota: 'informe a alíquota interna do destino para o DIFAL.',
  difalInterno: 'DIFAL só existe em operação interestadual.',
  // scenario by operação
  cfopDirecao: (digito: string, abrangencia: string, entrada: boolean) =>
    `para ${entrada ? 'entrada' : 'saída'} ${abrangencia.toLowerCase()} o CFOP começa com ${digito}.`,
  cfopNfce: 'a NFC-e aceita somente os CFOP 5101, 5102, 5103, 5104, 5115, 5405, 5656, 5667 e 5933.',
  nfceSoSaidaInterna: 'a NFC-e (modelo 65) só serve para saída estadual.',
  // simulator and cobertura
  naoEncontrado: 'Cenário fiscal não encontrado.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  lojaNaoEncontrada: 'loja não encontrada.',
  ramoNaoEncontrado: 'ramo de atuação não encontrado.',
  produtoSemNcm: 'o produto não tem NCM.',
  produtoSemValor: 'informe o valor: o produto não tem preço de venda.',
  // what is missing (cobertura and the simulator's `faltando`)
  faltaRegraNcm: 'nenhum cenário por NCM em vigor para este NCM, UF e CRT',
  faltaRegraOperacao: 'nenhum cenário por operação em vigor para esta operação, modelo e abrangência',
  faltaCstParaCrt: (crt: number) =>
    crt === 3 ? 'o cenário por NCM não tem CST (regime normal)' : 'o cenário por NCM não tem CSOSN (Simples)',
  faltaCfopComSt: 'o cenário por operação não tem CFOP com ST e o cenário por NCM é de ST',
  cfopNaoPermitidoNfce: (cfop: string) =>
    `o CFOP ${cfop} do cenário por operação não é aceito na NFC-e (rejeição 725) ou deixou de ser utilizável na tabela oficial`,
  cstForcadoIgnorado: (cst: string, crt: number) =>
    `o CST forçado ${cst} do cenário por operação não serve para o CRT ${crt} da loja: mantido o do cenário por NCM`,
  // engine reasons (regras)
  motivo: {
    aplicada: 'aplicada: a mais específica em vigor',
    foraDaVigencia: (inicio: string, fim: string | null) =>
      `fora da vigência (${dataBr(inicio)}${fim ? ` a ${dataBr(fim)}` : ' em diante'})`,
    inativa: 'inativa',
    outroNcm: (ncm: string) => `é de outro NCM (${ncm})`,
    outraExcecao: (excecao: string) => `é da exceção ${excecao} da TIPI`,
    outroCest: (cest: string) => `é de outro CEST (${cest})`,
    outraOrigem: (origem: string) => `é da origem ${origem}`,
    outroGrupo: 'o NCM do produto não está no grupo',
    outraUfOrigem: (uf: string) => `é da UF de origem ${uf}`,
    outraUfDestino: (uf: string) => `é da UF de destino ${uf}`,
    outroRamo: 'é de outro ramo de atuação',
    outroCrt: (crt: number) => `é do CRT ${crt}`,
    semCstParaCrt: (crt: number) => `não tem ${crt === 3 ? 'CST' : 'CSOSN'} para o CRT ${crt} da loja`,
    outroTipo: (tipo: string) => `é da operação ${tipo}`,
    outroModelo: (modelo: string) => `é do modelo ${modelo}`,
    outraAbrangencia: (a: string) => `é de abrangência ${a.toLowerCase()}`,
    outraFinalidade: (f: string) => `é da finalidade ${f}`,
    menosEspecifica: (id: number, porque: string) => `perdeu para a regra ${id}: ${porque}`,
    empate: (id: number) => `perdeu para a regra ${id}: mesma especificidade, vence o menor código`,
  },
  porque: {
    ncmExcecao: 'NCM com exceção é mais específico',
    ncm: 'NCM é mais específico que grupo',
    cest: 'CEST informado é mais específico',
    origem: 'origem da mercadoria informada é mais específica',
    ufOrigem: 'UF de origem informada é mais específica que TODAS',
    ufDestino: 'UF de destino informada é mais específica que TODAS',
    ramo: 'ramo de atuação informado é mais específico',
    crt: 'CRT informado é mais específico',
    inicio: 'vigência iniciada mais recentemente',
  },
} as const;
