import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorLayout } from '../erros/ErrorLayout';
import { TEXTO_404 } from '../erros/ErrosPage';
import { useSessao } from '../../servicos/sessao/store';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { hashDoQuadro, MENSAGEM_LEGADO, mensagemDoQuadro } from './legado';
import { resolverTelaLegada } from './legado-registro';

/**
 * /vf (spec §2.2, §2.4): the shell around an `iframe#legadoFrame` showing our own screen for `r`
 * in full-screen mode; the breadcrumb comes from `b` (useRotaAtual). The frame is this app on the
 * same origin: it takes this browser's session from the refresh cookie, as a new tab does.
 */
export function VfPage() {
  const [query] = useSearchParams();
  const r = query.get('r');
  const tela = useMemo(() => resolverTelaLegada(r), [r]);
  const { titulo } = useRotaAtual();
  const quadro = useRef<HTMLIFrameElement>(null);
  const [recarga, setRecarga] = useState(0);

  // spec §2.1: entering with renewd forces logout; navegacao.ts sees in-app navigations, this a new tab or reload
  const renewd = query.has('renewd');
  useEffect(() => {
    if (renewd) void useSessao.getState().sair();
  }, [renewd]);

  useEffect(() => {
    const aoReceber = (e: MessageEvent) => {
      const tipo = mensagemDoQuadro(e, quadro.current?.contentWindow);
      const sessao = useSessao.getState();
      // the frame's session ended: so did this one (one session per browser), the host goes to login
      if (tipo === MENSAGEM_LEGADO.sessaoEncerrada) void sessao.sair();
      // spec §2.2 "the parent frame is told to refresh": the host re-checks its session, then reloads the frame
      if (tipo === MENSAGEM_LEGADO.atualizar) void sessao.renovar().then((viva) => viva && setRecarga((n) => n + 1));
    };
    window.addEventListener('message', aoReceber);
    return () => window.removeEventListener('message', aoReceber);
  }, []);

  if (!tela) {
    return <ErrorLayout parcial codigo="404" titulo={TEXTO_404.titulo} subtitulo={TEXTO_404.subtitulo} botaoInicio />;
  }
  return (
    <iframe
      key={recarga}
      ref={quadro}
      id="legadoFrame"
      data-cy="legado-frame"
      title={titulo}
      src={`${import.meta.env.BASE_URL}#${hashDoQuadro(tela.caminho, tela.query)}`}
      style={{
        display: 'block',
        width: '100%',
        height: 'calc(100dvh - var(--app-shell-header-offset, 0px) - 90px)',
        minHeight: 420,
        border: 0,
        background: 'transparent',
      }}
    />
  );
}
