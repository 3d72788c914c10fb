/**
 * The public faces of the tenant's collector layouts (issue #25.1): save by name (creates or replaces, 200
 * with the layout) and delete by name (404 when none). Who may keep layouts: whoever may read collector files.
 */
import { z } from 'zod';
import { defineCommand } from '../comandos/definir';
import { TIPOS_DE_ARQUIVO } from '../plataforma/arquivos.contrato';
import { layoutColetorSalvo } from './coletor';

const caminho = '/api/v1/produto/coletor/layouts';
const entidade = 'layouts de coletor';
const acesso = { permissao: TIPOS_DE_ARQUIVO.coletor.permissoes };

export const comandoSalvarLayoutColetor = defineCommand({
  nome: 'produto.coletor.layout-salvar',
  caminho,
  resumo: 'Salva um layout de arquivo de coletor (pelo nome: inclui ou altera)',
  entidade,
  entrada: layoutColetorSalvo,
  saida: layoutColetorSalvo,
  acesso,
  raizXml: 'Layout',
});

export const layoutColetorExcluido = z.object({ nome: z.string() });

export const comandoExcluirLayoutColetor = defineCommand({
  nome: 'produto.coletor.layout-excluir',
  metodo: 'DELETE',
  caminho: `${caminho}/{nome}`,
  resumo: 'Exclui um layout de coletor',
  entidade,
  entrada: z.object({ nome: z.string().max(60) }),
  saida: layoutColetorExcluido,
  acesso,
  raizXml: 'Layout',
});
