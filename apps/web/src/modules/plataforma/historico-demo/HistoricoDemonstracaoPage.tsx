/**
 * The demo tenants' bigger stock history (issue #27.16; Administrativo › Sistema, administrators of a demo
 * tenant: the menu's `demonstracao` flag). Days (default 365) → POST /api/v1/plataforma/demo/historico →
 * 202 with the job, whose progress shows in the header's tasks as any job; while one runs the server
 * answers 409 and its words show here; a tenant that is not a demo one is refused (403) in the same words.
 */
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { comandoHistoricoDemo, DIAS_HISTORICO_DEMO, MSG_HISTORICO_DEMO } from '@retaguarda/domain';
import { useState } from 'react';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { toast } from '../../../lib/toasts';
import { useComando } from '../../../lib/comando/useComando';
import { falhaDaApi } from '../../../lib/erros';
import { useArquivosEmProcessamento } from '../../../servicos/processamento/arquivos.store';

export function HistoricoDemonstracaoPage() {
  const { titulo } = useRotaAtual();
  const [dias, setDias] = useState<number | string>(DIAS_HISTORICO_DEMO.padrao);
  const gerar = useComando(comandoHistoricoDemo);
  const enviando = gerar.enviando;
  const [recusa, setRecusa] = useState<string | null>(null);
  const [iniciado, setIniciado] = useState<string | null>(null);
  const valido = typeof dias === 'number' && dias >= 1 && dias <= DIAS_HISTORICO_DEMO.maximo;

  const iniciar = async () => {
    if (!valido) return;
    setRecusa(null);
    try {
      // a double click or a retry posts once (the same Idempotency-Key answers the same job)
      const r = await gerar.executar({ dias });
      // the header's tasks show it at once; its realtime events then carry the progress
      useArquivosEmProcessamento
        .getState()
        .adicionar({ id: r.tarefaId, tipo: 'demo.historico', titulo: MSG_HISTORICO_DEMO.titulo(dias) });
      setIniciado(r.message);
      toast({ type: 'success', title: 'Sucesso', message: r.message });
    } catch (e) {
      const f = falhaDaApi(e);
      setIniciado(null);
      setRecusa(f.message || 'Não foi possível iniciar a geração do histórico.');
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} fz="h3">
        {titulo}
      </Title>
      <Paper withBorder p="md" radius="sm">
        <form
          noValidate
          onSubmit={(ev) => {
            ev.preventDefault();
            void iniciar();
          }}
          data-cy="form-historico-demo"
        >
          <Stack gap="sm">
            <Text fz="sm">
              Gera movimentos de estoque plausíveis (vendas, compras e ajustes) nas lojas e produtos deste assinante de
              demonstração, dia a dia, terminando ontem. Dias já gerados não são repetidos. O progresso aparece nas
              tarefas do cabeçalho.
            </Text>
            <Group align="flex-end" gap="sm">
              <NumberInput
                label="Dias"
                description={`De 1 a ${DIAS_HISTORICO_DEMO.maximo.toLocaleString('pt-BR')}`}
                required
                autoFocus
                min={1}
                max={DIAS_HISTORICO_DEMO.maximo}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator="."
                decimalSeparator=","
                value={dias}
                onChange={setDias}
                error={
                  valido ? undefined : `Informe de 1 a ${DIAS_HISTORICO_DEMO.maximo.toLocaleString('pt-BR')} dias.`
                }
                w={180}
                data-cy="historico-demo-dias"
              />
              <Button type="submit" loading={enviando} disabled={!valido} data-cy="historico-demo-iniciar">
                Gerar histórico
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {recusa && (
        <Alert color="red" variant="light" title="Não iniciada" data-cy="historico-demo-recusa">
          {recusa}
        </Alert>
      )}
      {iniciado && (
        <Alert color="blue" variant="light" data-cy="historico-demo-iniciado">
          {iniciado} Acompanhe o progresso nas tarefas do cabeçalho.
        </Alert>
      )}
    </Stack>
  );
}
