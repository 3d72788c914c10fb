import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../../lib/error-reporting';
import { ErrorLayout } from '../erros/ErrorLayout';
import { TimeoutView } from '../erros/TimeoutView';
import { ChunkError, TempoEsgotadoError } from '../../servicos/navegacao/carregar';

/** A route that failed: 50 s timeout → the timeout view; a failed chunk → retry by reloading. */
export function RouteErrorView({ parcial = false, erro: dado }: { parcial?: boolean; erro?: unknown }) {
  const doRoteador = useRouteError();
  const erro = dado ?? doRoteador;
  const chunk = erro instanceof ChunkError;
  const esperado = chunk || erro instanceof TempoEsgotadoError || (isRouteErrorResponse(erro) && erro.status < 500);
  useEffect(() => {
    if (!esperado) reportError(erro);
  }, [erro, esperado]);
  if (erro instanceof TempoEsgotadoError) return <TimeoutView parcial={parcial} />;
  return (
    <ErrorLayout
      titulo={chunk ? 'Não foi possível carregar esta tela.' : 'Ops, alguma coisa está errada.'}
      subtitulo={
        chunk
          ? 'A conexão falhou ou o sistema foi atualizado. Recarregue para tentar novamente.'
          : 'Ocorreu um erro inesperado ao exibir esta tela.'
      }
      detalhe={erro instanceof Error ? erro.message : undefined}
      acao={{ rotulo: 'Tentar novamente', aoClicar: () => window.location.reload() }}
      botaoInicio
      parcial={parcial}
    />
  );
}
