/** Loads the active sessions while `ativo` (the offer open, the /atualizacao screen). */
import { useCallback, useEffect, useState } from 'react';
import { buscarSessoesAtivas, type SessaoAtiva } from './atualizacao.api';

export function useSessoesAtivas(ativo: boolean) {
  const [sessoes, setSessoes] = useState<SessaoAtiva[] | null>(null);
  const [erro, setErro] = useState(false);
  const recarregar = useCallback(() => {
    setErro(false);
    buscarSessoesAtivas()
      .then(setSessoes)
      .catch(() => setErro(true));
  }, []);
  useEffect(() => {
    if (ativo) recarregar();
  }, [ativo, recarregar]);
  return { sessoes, erro, recarregar };
}
