/**
 * /fiscal/cenarios-fiscais (domain.md §3.5): the scenarios by NCM (default tab) and by operação, each tab the
 * register list of its kind (search, filters, export, delete). Each tab keeps its own search text while the
 * user switches tabs or leaves the screen and comes back (spec §3 screen state, ./estado.ts); a screen that
 * sends the user here with `state.origem` (the simulator, the cobertura) gets a way back; 'Simular' opens the
 * simulator.
 */
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { registerByKey } from '@retaguarda/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { RegisterListPage } from '../../../../registers/RegisterListPage';
import { BotaoSimular } from '../simulacao/BotaoSimular';
import { type AbaCenarios, abaDe, urlDaAba, useEstadoCenarios } from './estado';

const DEFS = { ncm: registerByKey('cenarioFiscalNcm')!, operacao: registerByKey('cenarioFiscalOperacao')! };

export function CenariosFiscaisPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { aba: abaGuardada, busca, origem, definirAba, definirBusca, definirOrigem } = useEstadoCenarios();
  const aba = params.has('aba') || params.has('busca') ? abaDe(params.get('aba')) : abaGuardada;
  const buscaDaUrl = params.get('busca') ?? '';

  // entering the screen bare (menu, link) reopens the tab and search left last time
  const restaurado = useRef(false);
  useEffect(() => {
    if (restaurado.current) return;
    restaurado.current = true;
    const vindo = (location.state as { origem?: unknown } | null)?.origem;
    if (typeof vindo === 'string') definirOrigem(vindo);
    if (!params.has('aba') && !params.has('busca') && (abaGuardada !== 'ncm' || busca[abaGuardada]))
      navigate(urlDaAba(abaGuardada, busca[abaGuardada]), { replace: true });
  });

  // the search typed in a tab's list is that tab's
  useEffect(() => {
    if (!restaurado.current) return;
    definirAba(aba);
    definirBusca(aba, buscaDaUrl);
  }, [aba, buscaDaUrl, definirAba, definirBusca]);

  const trocar = (v: string | null) => {
    const nova: AbaCenarios = abaDe(v);
    if (nova === aba) return;
    definirBusca(aba, buscaDaUrl);
    definirAba(nova);
    const q = new URLSearchParams(urlDaAba(nova, useEstadoCenarios.getState().busca[nova]).split('?')[1] ?? '');
    setParams(q);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Tabs value={aba} onChange={trocar} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="ncm" data-cy="aba-cenarios-ncm">
              NCM
            </Tabs.Tab>
            <Tabs.Tab value="operacao" data-cy="aba-cenarios-operacao">
              Operação
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Group gap="xs">
          <BotaoSimular />
          {origem && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconArrowLeft size={14} />}
              onClick={() => {
                definirOrigem(null);
                navigate(origem);
              }}
              data-cy="voltar-origem"
            >
              Voltar
            </Button>
          )}
        </Group>
      </Group>
      <RegisterListPage key={aba} def={DEFS[aba]} />
    </Stack>
  );
}
