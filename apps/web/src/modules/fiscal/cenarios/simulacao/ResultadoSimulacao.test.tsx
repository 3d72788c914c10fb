import { type CenarioNcm, type CenarioOperacao, resolverTributacao, type ResultadoSimulacao } from '@retaguarda/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderizar } from '../../../../test/render';
import { ResultadoSimulacaoView } from './ResultadoSimulacao';

const regra = (p: Partial<CenarioNcm>): CenarioNcm => ({
  id: 1,
  descricao: 'Geral',
  ncm: '33049990',
  excecao: null,
  cest: null,
  grupoNcmId: null,
  ufOrigem: 'TODAS',
  ufDestino: 'TODAS',
  ramoAtuacaoId: null,
  crt: null,
  vigenciaInicio: '2026-01-01',
  vigenciaFim: null,
  origem: null,
  cst: '00',
  csosn: '102',
  modBC: '3',
  aliquota: '18',
  reducaoBC: null,
  fcp: null,
  cBenef: null,
  modBCST: null,
  mva: null,
  aliquotaSt: null,
  reducaoBCST: null,
  difal: false,
  aliquotaInternaDestino: null,
  fcpDestino: null,
  ipiCstEntrada: null,
  ipiCstSaida: null,
  ipiAliquota: null,
  ipiCEnq: '999',
  pisCofinsCstEntrada: null,
  pisCofinsCstSaida: '01',
  aliquotaPis: null,
  aliquotaCofins: null,
  naturezaReceita: null,
  processoJudicialId: null,
  mensagemLegal: null,
  ativo: true,
  ...p,
});
const venda: CenarioOperacao = {
  id: 10,
  tipoOperacao: 'VENDA',
  modelo: '55',
  finalidade: '1',
  abrangencia: 'INTERESTADUAL',
  ramoAtuacaoId: null,
  cfop: '6102',
  cfopComSt: '6403',
  naturezaOperacao: 'Venda para outra UF',
  movimentaEstoque: true,
  geraFinanceiro: true,
  calculaIcms: true,
  calculaIpi: false,
  calculaPisCofins: true,
  cstForcado: null,
  vigenciaInicio: '2026-01-01',
  vigenciaFim: null,
  ativo: true,
};

function simulacao(): ResultadoSimulacao {
  const motor = resolverTributacao({
    produto: { ncm: '33049990', origem: '0' },
    loja: { uf: 'SP', crt: 3, regimeApuracao: 'LUCRO_PRESUMIDO' },
    operacao: { tipo: 'VENDA', modelo: '55', ufContraparte: 'MG', contribuinte: true },
    data: '2026-06-15',
    valores: { valorUnitario: '100.00', quantidade: '1' },
    candidatos: {
      ncm: [
        regra({}),
        regra({
          id: 2,
          descricao: 'SP → MG com ST',
          ufDestino: 'MG',
          cst: '10',
          modBCST: '4',
          mva: '40',
          aliquotaSt: '18',
        }),
      ],
      operacao: [venda],
    },
  });
  return {
    ...motor,
    produto: { id: 5, descricao: 'Base líquida', ncm: '33049990', cest: null, origem: '0' },
    loja: { id: 1, fantasia: 'Shopping', uf: 'SP', crt: 3 },
    ufDestino: 'MG',
    data: '2026-06-15',
    quantidade: '1.0000',
    valorUnitario: '100.00',
  };
}

describe('resultado do simulador', () => {
  it('shows CFOP, CST, the taxes in pt-BR and the rules with their reasons', () => {
    renderizar(<ResultadoSimulacaoView r={simulacao()} />);
    expect(screen.getByText('6403', { selector: '[data-cy=simulacao-cfop]' })).toBeTruthy();
    expect(screen.getByText('10', { selector: '[data-cy=simulacao-cst]' })).toBeTruthy();
    // SP → MG: ICMS 12 % = 12,00; MVA ajustada 50,2439 %; BCST 150,24; ST 27,04 − 12,00 = 15,04
    const st = screen.getByText('ICMS-ST').closest('tr')!;
    expect(within(st as HTMLElement).getByText('R$ 15,04')).toBeTruthy();
    expect(st.textContent).toContain('MVA ajustada 50,2439 %');
    expect(screen.getByText('R$ 12,00', { selector: '[data-cy=valor-ICMS]' })).toBeTruthy();
    const regras = screen.getByText('Regras avaliadas').nextElementSibling as HTMLElement;
    const linhas = within(regras).getAllByRole('row').slice(1);
    // applied first
    expect(linhas[0]!.textContent).toContain('SP → MG com ST');
    expect(linhas[0]!.textContent).toContain('Aplicada');
    expect(regras.textContent).toContain('perdeu para a regra 2: UF de destino informada é mais específica que TODAS');
  });
});
