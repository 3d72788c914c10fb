/** One screen component per register and kind, made once and reused (stable identity for React). */
import { type RegisterDef, registerByKey } from '@retaguarda/domain';
import type { ComponentType } from 'react';
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useRotaAtual } from '../servicos/navegacao/useRotaAtual';
import { rotaDaLista } from './permissoes';
import { RegisterFormPage } from './RegisterFormPage';
import { RegisterListPage } from './RegisterListPage';

const cache = new Map<string, ComponentType>();

function definicao(key: string): RegisterDef {
  const def = registerByKey(key);
  if (!def) throw new Error(`Cadastro não declarado: ${key}`);
  return def;
}

export function paginaDeLista(key: string): ComponentType {
  const chave = `lista:${key}`;
  let c = cache.get(chave);
  if (!c) {
    const def = definicao(key);
    c = function PaginaLista() {
      return <RegisterListPage def={def} />;
    };
    cache.set(chave, c);
  }
  return c;
}

/** The form on its own route (`…/cadastro/:id?`): back goes to the list the user came from. */
function FormularioDaRota({ def }: { def: RegisterDef }) {
  // `…/cadastro/:id?` or an edit route named after the register (`/ncm/:ncm`)
  const params = useParams();
  const id = params.id ?? Object.values(params).find((v) => v !== undefined);
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const location = useLocation();
  const voltar = (location.state as { voltar?: string } | null)?.voltar ?? rotaDaLista(def);
  const aoVoltar = useCallback(() => navigate(voltar, { replace: true }), [navigate, voltar]);
  return <RegisterFormPage key={id ?? 'novo'} def={def} id={id} aoVoltar={aoVoltar} titulo={titulo} />;
}

export function paginaDeFormulario(key: string): ComponentType {
  const chave = `form:${key}`;
  let c = cache.get(chave);
  if (!c) {
    const def = definicao(key);
    c = function PaginaFormulario() {
      return <FormularioDaRota def={def} />;
    };
    cache.set(chave, c);
  }
  return c;
}
