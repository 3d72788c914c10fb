/**
 * Learning resources (spec §3 "Learning resource", §4): help for one screen of the menu (`menuId` is its
 * route), a text and/or a link shown in a modal when the user opens that screen. Administrators keep
 * them; the lookup per screen and the user's dismissal are the platform's own endpoints.
 */
import { defineRegister, f } from '../registers/fields';
import { ROTAS } from '../routes';

/** Every screen of the menu, labelled with its breadcrumb so twin titles stay apart. */
export const TELAS_DO_MENU = ROTAS.filter((r) => r.menu).map((r) => ({
  value: r.path,
  label: [...r.breadcrumb, r.titulo].join(' › '),
}));

const LINK = /^(https?:\/\/|\/)/;

export const recursoAprendizagem = defineRegister({
  key: 'recursoAprendizagem',
  table: 'recurso_aprendizagem',
  label: {
    singular: 'Recurso de aprendizagem',
    plural: 'Recursos de aprendizagem',
    naoEncontrado: 'Recurso de aprendizagem não encontrado.',
    incluido: 'Recurso de aprendizagem incluído.',
    excluido: 'Recurso de aprendizagem excluído.',
    indefinido: 'um recurso de aprendizagem',
    definido: 'o recurso de aprendizagem',
  },
  area: 'Administrativo',
  route: '/recursosAprendizagem',
  paths: [{ path: '/v1/recurso-aprendizagem' }],
  permissao: 'RECURSO_APRENDIZAGEM',
  acesso: { leitura: 'admin', escrita: 'admin' },
  fields: [
    f.text('titulo', 'Título', { required: true, maxLength: 200 }),
    // chosen from the menu's screens on the form; the server checks it (recurso-aprendizagem.hooks.ts)
    f.text('menuId', 'Tela do menu', { required: true, maxLength: 200, options: TELAS_DO_MENU }),
    f.longText('conteudo', 'Conteúdo', { maxLength: 20_000, help: 'Texto exibido na janela de ajuda da tela.' }),
    f.text('link', 'Link do material de apoio', {
      maxLength: 2000,
      pattern: { regex: LINK.source, message: 'O link deve começar com http://, https:// ou /.' },
    }),
  ],
  list: {
    columns: [{ field: 'titulo' }, { field: 'menuId', label: 'Tela' }, { field: 'ativo', label: 'Situação' }],
    defaultSort: 'menuId',
    search: ['titulo'],
  },
  sections: [{ title: 'Dados gerais', fields: ['titulo', 'menuId', 'conteudo', 'link', 'ativo'] }],
  hooks: ['beforeCreate', 'beforeUpdate'],
});

const TELAS = new Set(TELAS_DO_MENU.map((t) => t.value));

/** The rules beyond the fields: a screen of the menu, and a text or a link (the record as it will be saved). */
export function errosRecursoAprendizagem(r: Record<string, unknown>): { path: string; message: string }[] {
  const erros: { path: string; message: string }[] = [];
  if (typeof r.menuId === 'string' && !TELAS.has(r.menuId))
    erros.push({ path: 'menuId', message: 'Não corresponde a nenhuma tela do menu.' });
  const texto = typeof r.conteudo === 'string' && r.conteudo.trim() !== '';
  if (!texto && !r.link) erros.push({ path: 'conteudo', message: 'Informe o conteúdo ou um link.' });
  return erros;
}
