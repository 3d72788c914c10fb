/**
 * Moving between the inventory screens. They are legacy routes: outside /vf the guard sends them to /vf, which
 * frames them with `fullScreen` and the frame's flag; a move inside the frame keeps both, or the framed app would
 * be sent to /vf again and frame itself.
 */
import { PARAM_QUADRO_LEGADO } from '@retaguarda/domain';
import { useLocation, useNavigate } from 'react-router';

export function comFlagsDoQuadro(caminho: string, search: string): string {
  const atual = new URLSearchParams(search);
  const q = new URLSearchParams();
  for (const k of ['fullScreen', PARAM_QUADRO_LEGADO]) {
    const v = atual.get(k);
    if (v !== null) q.set(k, v);
  }
  const resto = q.toString();
  return resto ? `${caminho}?${resto}` : caminho;
}

export function useIrPara(): (caminho: string) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (caminho) => navigate(comFlagsDoQuadro(caminho, search));
}
