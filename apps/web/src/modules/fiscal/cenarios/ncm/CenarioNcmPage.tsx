/**
 * /fiscal/cenarios-fiscais/ncm/:id? — the scenario by NCM (how much): scope, ICMS, ICMS-ST, DIFAL, IPI,
 * PIS/COFINS and the legal message, on the register form (keyboard-first, 422 under each field, 409 with the
 * rule it overlaps); the CST or the CSOSN is offered by the CRT chosen. Back goes to the list's NCM tab.
 * A new scenario may start from the scope named in the query (?ncm=…&cest=…&ufOrigem=…&ufDestino=…&crt=…).
 */
import { registerByKey } from '@retaguarda/domain';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useRotaAtual } from '../../../../servicos/navegacao/useRotaAtual';
import { RegisterFormPage } from '../../../../registers/RegisterFormPage';
import { urlDaAba, useEstadoCenarios } from '../lista/estado';
import { padraoDaUrl, secoesDoCenarioNcm } from './secoes';

const def = registerByKey('cenarioFiscalNcm')!;

export function CenarioNcmPage() {
  const { id } = useParams();
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const location = useLocation();
  const busca = useEstadoCenarios((s) => s.busca.ncm);
  const voltar = (location.state as { voltar?: string } | null)?.voltar ?? urlDaAba('ncm', busca);
  const aoVoltar = useCallback(() => navigate(voltar, { replace: true }), [navigate, voltar]);
  // a link that creates the missing scenario (cobertura) names its scope: ?ncm=33030020&ufOrigem=PR&crt=3
  const [params] = useSearchParams();
  const chave = params.toString();
  const padrao = useMemo(() => padraoDaUrl(new URLSearchParams(chave)), [chave]);
  return (
    <RegisterFormPage
      key={id ?? 'novo'}
      def={def}
      id={id}
      aoVoltar={aoVoltar}
      titulo={titulo}
      secoes={(valor) => secoesDoCenarioNcm(def, valor('crt'))}
      padrao={padrao}
    />
  );
}
