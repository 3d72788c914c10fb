/** The report buttons of the register screens: 'Imprimir' on a list, 'Histórico de alterações' on a record. */
import { Button, Tooltip } from '@mantine/core';
import { IconHistory, IconPrinter } from '@tabler/icons-react';
import { solicitarHistorico, solicitarLista } from './relatorios.api';
import { useSolicitarRelatorio } from './useSolicitarRelatorio';

/** `params`: the list's API query (filter and sort), as the list itself asks it. */
export function BotaoImprimir({ base, params, entidade }: { base: string; params: URLSearchParams; entidade: string }) {
  const { enviando, solicitar } = useSolicitarRelatorio(entidade);
  return (
    <Tooltip label="Gera um PDF da lista com os filtros e a ordenação atuais">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconPrinter size={16} />}
        loading={enviando}
        onClick={() => void solicitar(() => solicitarLista(base, params))}
        data-cy="imprimir"
      >
        Imprimir
      </Button>
    </Tooltip>
  );
}

export function BotaoHistorico({ base, id, entidade }: { base: string; id: string; entidade: string }) {
  const { enviando, solicitar } = useSolicitarRelatorio(entidade);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconHistory size={16} />}
      loading={enviando}
      onClick={() => void solicitar(() => solicitarHistorico(base, id))}
      data-cy="historico-alteracoes"
    >
      Histórico de alterações
    </Button>
  );
}
