/**
 * /fiscal/cenarios-fiscais/operacao/:id? — the scenario by operação (which operation): type, model, purpose,
 * abrangência, CFOP and CFOP com ST, natureza and flags, on the register form (the CFOP's direction and
 * NFC-e's CFOP list answer 422 under the field). Back goes to the list's Operação tab.
 */
import { registerByKey } from '@retaguarda/domain';
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useRotaAtual } from '../../../../servicos/navegacao/useRotaAtual';
import { RegisterFormPage } from '../../../../registers/RegisterFormPage';
import { urlDaAba, useEstadoCenarios } from '../lista/estado';

const def = registerByKey('cenarioFiscalOperacao')!;

export function CenarioOperacaoPage() {
  const { id } = useParams();
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const location = useLocation();
  const busca = useEstadoCenarios((s) => s.busca.operacao);
  const voltar = (location.state as { voltar?: string } | null)?.voltar ?? urlDaAba('operacao', busca);
  const aoVoltar = useCallback(() => navigate(voltar, { replace: true }), [navigate, voltar]);
  return <RegisterFormPage key={id ?? 'novo'} def={def} id={id} aoVoltar={aoVoltar} titulo={titulo} />;
}
