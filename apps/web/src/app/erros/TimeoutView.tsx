import { IconHourglassHigh } from '@tabler/icons-react';
import { ErrorLayout } from './ErrorLayout';

export const TEXTO_TEMPO_ESGOTADO = {
  titulo: 'É... precisamos te avisar que o nosso tempo esgotou!',
  subtitulo: 'O servidor não conseguiu concluir a operação a tempo. Tente novamente mais tarde.',
};

/** The timeout page, full or partial (spec §2.3). */
export function TimeoutView({ parcial = false }: { parcial?: boolean }) {
  return (
    <ErrorLayout
      titulo={TEXTO_TEMPO_ESGOTADO.titulo}
      subtitulo={TEXTO_TEMPO_ESGOTADO.subtitulo}
      icone={<IconHourglassHigh size={40} />}
      acao={{ rotulo: 'Tentar novamente', aoClicar: () => window.location.reload() }}
      botaoInicio
      parcial={parcial}
    />
  );
}
