/** The administrativo area's screens (users, groups and integration keys), taken by the shell's route table. */
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';

export const telasAdministrativo: TelasDaArea = {
  telas: {
    '/gruposUsuarios': () => import('./GruposUsuariosPage').then((m) => m.GruposUsuariosPage),
    '/gruposUsuario/cadastro/:id?': () => import('./UsuarioCadastroPage').then((m) => m.UsuarioCadastroPage),
    '/gruposUsuario/grupos/cadastro/:id?': () => import('./GrupoCadastroPage').then((m) => m.GrupoCadastroPage),
    '/chavesIntegracao': () => import('./ChavesIntegracaoPage').then((m) => m.ChavesIntegracaoPage),
  },
};
