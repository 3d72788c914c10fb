/**
 * The report buttons of the register screens: 'Imprimir' on a list (a small list's PDF opens at once,
 * a big one goes to the background) and 'Histórico de alterações' on a record (on screen, PDF optional).
 */
import { Button, Tooltip } from '@mantine/core';
import { IconHistory, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../lib/toasts';
import { toastDeErro } from '../../lib/erros';
import { useArquivosEmProcessamento } from '../../servicos/processamento/arquivos.store';
import { HistoricoNaTela } from './HistoricoNaTela';
import { imprimirLista, LIMITE_NA_HORA, type ResultadoImpressao } from './imprimir-na-hora';
import { PdfNaTela } from './PdfNaTela';
import { solicitarHistorico } from './relatorios.api';
import { useSolicitarRelatorio } from './useSolicitarRelatorio';

/** `params`: the list's API query (filter and sort), as the list itself asks it. */
export function BotaoImprimir({ base, params, entidade }: { base: string; params: URLSearchParams; entidade: string }) {
  const adicionar = useArquivosEmProcessamento((s) => s.adicionar);
  const [gerando, setGerando] = useState(false);
  const [pronto, setPronto] = useState<Extract<ResultadoImpressao, { tipo: 'pronto' }> | null>(null);
  const imprimir = async () => {
    setGerando(true);
    try {
      const r = await imprimirLista(base, params);
      if (r.tipo === 'pronto') setPronto(r);
      else {
        adicionar({ id: r.relatorio.id, tipo: r.relatorio.tipo, titulo: r.relatorio.titulo });
        toast({
          type: 'info',
          title: 'Relatório solicitado',
          message:
            r.motivo === 'grande'
              ? `${r.relatorio.titulo}: a lista tem mais de ${LIMITE_NA_HORA} registros e será gerada em segundo plano; você será avisado pelo sino de notificações.`
              : `${r.relatorio.titulo}: o relatório está demorando e continua em segundo plano; você será avisado pelo sino de notificações.`,
        });
      }
    } catch (e) {
      toast(toastDeErro(e, { entidade }));
    } finally {
      setGerando(false);
    }
  };
  return (
    <>
      <Tooltip label="Gera um PDF da lista com os filtros e a ordenação atuais">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconPrinter size={16} />}
          loading={gerando}
          onClick={() => void imprimir()}
          data-cy="imprimir"
        >
          Imprimir
        </Button>
      </Tooltip>
      {pronto && <PdfNaTela pdf={pronto.pdf} relatorio={pronto.relatorio} aoFechar={() => setPronto(null)} />}
    </>
  );
}

export function BotaoHistorico({ base, id, entidade }: { base: string; id: string; entidade: string }) {
  const { enviando, solicitar } = useSolicitarRelatorio(entidade);
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconHistory size={16} />}
        onClick={() => setAberto(true)}
        data-cy="historico-alteracoes"
      >
        Histórico de alterações
      </Button>
      <HistoricoNaTela
        base={base}
        id={id}
        aberto={aberto}
        aoFechar={() => setAberto(false)}
        gerandoPdf={enviando}
        aoPedirPdf={() => void solicitar(() => solicitarHistorico(base, id))}
      />
    </>
  );
}
