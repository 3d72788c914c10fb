import { LoadingOverlay, Progress } from '@mantine/core';
import { LAZY_INDICATOR_DELAY_MS } from '@retaguarda/domain';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useEstadoUi } from '../../servicos/estado-ui';

/** Shown only when a route takes more than 200 ms to load (spec §2.3). */
export function IndicadorNavegacao() {
  const carregando = useNavigation().state === 'loading';
  const [visivel, setVisivel] = useState(false);
  useEffect(() => {
    if (!carregando) {
      setVisivel(false);
      return;
    }
    const t = setTimeout(() => setVisivel(true), LAZY_INDICATOR_DELAY_MS);
    return () => clearTimeout(t);
  }, [carregando]);
  if (!visivel) return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      aria-label="Carregando a tela"
      data-cy="indicador-carregamento"
    />
  );
}

/**
 * The global loading curtain (spec §2.3), while loading is active (a long action: `comCarregamento`).
 * It appears after the same 200 ms as the route indicator, so a quick save does not flash it.
 */
export function CortinaCarregamento() {
  const ativo = useEstadoUi((s) => s.carregando > 0);
  const [visivel, setVisivel] = useState(false);
  useEffect(() => {
    if (!ativo) {
      setVisivel(false);
      return;
    }
    const t = setTimeout(() => setVisivel(true), LAZY_INDICATOR_DELAY_MS);
    return () => clearTimeout(t);
  }, [ativo]);
  return (
    <LoadingOverlay
      visible={visivel}
      zIndex={900}
      pos="fixed"
      overlayProps={{ blur: 1 }}
      loaderProps={{ 'aria-label': 'Carregando' }}
      data-cy="cortina-carregamento"
    />
  );
}
