import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A command asked through the URL (`?novo=1`, `?acao=fechar`: Ctrl+K's commands) is handed to the screen once
 * and taken off the URL, so a reload or going back does not run it again. `aoPedir` answers false to be asked
 * again later (the data it needs is still loading).
 */
export function useParametroDeAcao(nome: string, aoPedir: (valor: string) => boolean | undefined): void {
  const [params, setParams] = useSearchParams();
  const valor = params.get(nome);
  const pedir = useRef(aoPedir);
  pedir.current = aoPedir;
  // the URL's change is a navigation that runs the route's loader: asked again before it lands, it would restart
  const atendido = useRef<string | null>(null);
  useEffect(() => {
    if (valor === null) {
      atendido.current = null;
      return;
    }
    if (atendido.current === valor || pedir.current(valor) === false) return;
    atendido.current = valor;
    setParams(
      (atual) => {
        const sem = new URLSearchParams(atual);
        sem.delete(nome);
        return sem;
      },
      { replace: true },
    );
  });
}
