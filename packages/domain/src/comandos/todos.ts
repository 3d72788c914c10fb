/** Every command face the areas declare (one list: the server's architecture test and the docs read it). */
import { comandoAjusteEstoque } from '../estoque/ajuste/comandos';
import { comandoConfiguracaoEstoque } from '../estoque/configuracao/comandos';
import { comandoRecalculoCustoMedio } from '../estoque/custo-medio/comandos';
import { comandoFechamentoEstoque, comandoReaberturaEstoque } from '../estoque/fechamento/comandos';
import {
  comandoCancelarTransferencia,
  comandoReceberTransferencia,
  comandoTransferencia,
} from '../estoque/transferencia/comandos';
import {
  comandoAnalisarLote,
  comandoCancelarLote,
  comandoCriarLote,
  comandoFinalizarLote,
  comandoProporValoresLote,
  comandoRecalcularInconsistencias,
} from '../fiscal/inconsistencias/comandos';
import { comandoCriarChave, comandoRevogarChave } from '../administrativo/chaves.comandos';
import {
  comandoAlterarGrupo,
  comandoExcluirGrupo,
  comandoIncluirGrupo,
  comandoMembrosDoGrupo,
} from '../administrativo/grupos.comandos';
import { comandoConfiguracaoSessao } from '../administrativo/sessoes.comandos';
import {
  comandoAlterarUsuario,
  comandoGruposDoUsuario,
  comandoIncluirUsuario,
  comandoNovaSenha,
} from '../administrativo/usuarios.comandos';
import { comandoValorDaEmpresa, comandoValorDaLoja } from '../configuracoes/comandos';
import { comandoExcluirLayoutColetor, comandoSalvarLayoutColetor } from '../itens/coletor.comandos';
import { comandoEnviarNotificacao } from '../plataforma/notificacoes.comandos';
import {
  comandoCarregarTabelaNatureza,
  comandoIncluirCest,
  comandoIncluirCfop,
  comandoIncluirCstat,
} from '../fiscal/tabelas-oficiais.comandos';
import { comandoHistoricoDemo } from '../plataforma/demo-historico.comandos';
import { comandoIniciarAtualizacao, comandoSolicitarLogout } from '../plataforma/versoes.comandos';
import {
  comandoBloquearDispositivo,
  comandoConfirmarCarga,
  comandoDesbloquearDispositivo,
  comandoRegistroDispositivo,
  comandoRevogarDispositivo,
  comandoTokenDispositivo,
} from '../frente-de-loja/dispositivos.comandos';
import { comandoCopiarFuncoesPdv, comandoSalvarFuncoesPdv } from '../frente-de-loja/funcoes-pdv.comandos';
import { COMANDOS_PEDIDO_VENDA } from '../venda/pedido/comandos';
import { COMANDOS_NOTA_COMPRA } from '../compras/nota-fiscal/comandos';
import { COMANDOS_CONFERENCIA } from '../compras/conferencia/comandos';
import { COMANDOS_ACORDO } from '../compras/acordo/comandos';
import { COMANDOS_VENDA_PDV } from '../venda/pdv/comandos';
import { COMANDOS_INVENTARIO } from '../estoque/inventario/comandos';
import { COMANDOS_NFCE_ACOES } from '../fiscal/nfce/acoes/comandos';
import { COMANDOS_REQUISICAO } from '../estoque/requisicao/comandos';
import {
  comandoEstornoLancamento,
  comandoLancamentoBancario,
  comandoTransferenciaBancaria,
} from '../financeiro/lancamento/comandos';
import {
  comandoExcluirExtrato,
  comandoImportarExtrato,
  comandoImportarExtratoEmTarefa,
} from '../financeiro/extrato/comandos';
import {
  comandoConciliar,
  comandoDesconciliar,
  comandoFecharConta,
  comandoGerarLancamento,
  comandoIgnorarLinha,
} from '../financeiro/conciliacao/comandos';
import { COMANDOS_REGRA_CONCILIACAO } from '../financeiro/regra-conciliacao/comandos';
import { comandoImpressaoEtiqueta } from '../produto/etiquetas/comandos';
import { COMANDOS_DASHBOARD } from '../painel/dashboards/comandos';
import type { QualquerFace } from './definir';

export const COMANDOS_DAS_AREAS: readonly QualquerFace[] = [
  ...COMANDOS_PEDIDO_VENDA,
  ...COMANDOS_NOTA_COMPRA,
  ...COMANDOS_CONFERENCIA,
  ...COMANDOS_ACORDO,
  ...COMANDOS_VENDA_PDV,
  ...COMANDOS_INVENTARIO,
  ...COMANDOS_NFCE_ACOES,
  ...COMANDOS_REQUISICAO,
  comandoAjusteEstoque,
  comandoTransferencia,
  comandoReceberTransferencia,
  comandoCancelarTransferencia,
  comandoFechamentoEstoque,
  comandoReaberturaEstoque,
  comandoConfiguracaoEstoque,
  comandoRecalculoCustoMedio,
  comandoCriarLote,
  comandoProporValoresLote,
  comandoAnalisarLote,
  comandoFinalizarLote,
  comandoCancelarLote,
  comandoRecalcularInconsistencias,
  comandoCriarChave,
  comandoRevogarChave,
  comandoIncluirGrupo,
  comandoAlterarGrupo,
  comandoExcluirGrupo,
  comandoEnviarNotificacao,
  comandoSolicitarLogout,
  comandoNovaSenha,
  comandoMembrosDoGrupo,
  comandoGruposDoUsuario,
  comandoIncluirUsuario,
  comandoAlterarUsuario,
  comandoConfiguracaoSessao,
  comandoValorDaEmpresa,
  comandoValorDaLoja,
  comandoSalvarLayoutColetor,
  comandoExcluirLayoutColetor,
  comandoIniciarAtualizacao,
  comandoHistoricoDemo,
  comandoIncluirCfop,
  comandoIncluirCstat,
  comandoIncluirCest,
  comandoCarregarTabelaNatureza,
  comandoTokenDispositivo,
  comandoRegistroDispositivo,
  comandoBloquearDispositivo,
  comandoDesbloquearDispositivo,
  comandoRevogarDispositivo,
  comandoSalvarFuncoesPdv,
  comandoCopiarFuncoesPdv,
  comandoConfirmarCarga,
  comandoLancamentoBancario,
  comandoTransferenciaBancaria,
  comandoEstornoLancamento,
  comandoImportarExtrato,
  comandoImportarExtratoEmTarefa,
  comandoExcluirExtrato,
  comandoConciliar,
  comandoDesconciliar,
  comandoGerarLancamento,
  comandoIgnorarLinha,
  comandoFecharConta,
  ...COMANDOS_REGRA_CONCILIACAO,
  comandoImpressaoEtiqueta,
  ...COMANDOS_DASHBOARD,
];
