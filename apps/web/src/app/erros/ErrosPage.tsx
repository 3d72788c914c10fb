import { IconServerOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ErrorLayout } from './ErrorLayout';
import { TimeoutView } from './TimeoutView';

export const TEXTO_404 = {
  titulo: 'Lamentamos, não foi possível encontrar essa página.',
  subtitulo: 'O link que você tentou acessar pode estar incorreto ou a página não está mais disponível.',
};
export const TEXTO_500 = {
  titulo: 'Ops, alguma coisa está errada.',
  subtitulo:
    'Não foi possível exibir esta página por causa de um erro de execução no servidor ou porque o serviço da API está fora do ar.',
};

/** /404 receives the missing resource's name (spec §2.2). */
export function NotFoundPage() {
  const [query] = useSearchParams();
  const recurso = query.get('recurso');
  return (
    <ErrorLayout
      codigo="404"
      titulo={TEXTO_404.titulo}
      subtitulo={TEXTO_404.subtitulo}
      detalhe={recurso ? `Recurso não encontrado: ${recurso}` : undefined}
      botaoInicio={!recurso}
    />
  );
}

export function ServerErrorPage() {
  return (
    <ErrorLayout
      codigo="500"
      icone={<IconServerOff size={40} />}
      titulo={TEXTO_500.titulo}
      subtitulo={TEXTO_500.subtitulo}
      acao={{
        rotulo: 'Tentar novamente',
        aoClicar: () => window.location.assign(`${import.meta.env.BASE_URL}#/login`),
      }}
    />
  );
}

export function TimeoutPage() {
  return <TimeoutView />;
}
