/**
 * Every area's screen declaration (`modules/<area>/telas.ts`): the route table and the /vf host take
 * their screens from here. The declarations hold lazy imports only, so no page enters the login bundle.
 */
import { telasAdministrativo } from '../../modules/administrativo/telas';
import { telasEstoque } from '../../modules/estoque/telas';
import { telasFinanceiro } from '../../modules/financeiro/telas';
import { telasFiscal } from '../../modules/fiscal/telas';
import { telasFrenteDeLoja } from '../../modules/frente-de-loja/telas';
import { telasPainel } from '../../modules/painel/telas';
import { telasPlataforma } from '../../modules/plataforma/telas';
import { telasRelatorios } from '../../modules/relatorios/telas';
import type { TelasDaArea } from '../../servicos/navegacao/telas-da-area';
import { telasVenda } from '../../modules/venda/telas';
import { telasCompras } from '../../modules/compras/telas';

export const AREAS: readonly TelasDaArea[] = [
  telasPainel,
  telasPlataforma,
  telasRelatorios,
  telasAdministrativo,
  telasFinanceiro,
  telasFiscal,
  telasEstoque,
  telasFrenteDeLoja,
  telasVenda,
  telasCompras,
];
