/** Gives the generic register screens the signed-in user's grants and stores, and the report buttons. */
import { registerByKey } from '@retaguarda/domain';
import { type ComponentProps, type ReactNode, useMemo } from 'react';
import { AreaDoRegistroEstoque } from '../../modules/estoque/produto/SaldosDoProduto';
import { AreaDoRegistroContaCorrente } from '../../modules/financeiro/lancamentos/LancamentosDaConta';
import { BotaoSimular } from '../../modules/fiscal/cenarios/simulacao/BotaoSimular';
import { AreaDoRegistroCertificadoNfce } from '../../modules/fiscal/nfce/CertificadoDaLoja';
import { editorDePessoa } from '../../modules/pessoa/endereco/editores';
import { editorDoProduto } from '../../modules/produto/cadastro/editores';
import { AreaDaSecao } from '../../modules/produto/secao/GruposDaSecao';
import { useColunasExtras } from '../../modules/produto/lista/ColunasExtras';
import { BotaoHistorico, BotaoImprimir } from '../../modules/relatorios/BotoesRelatorio';
import { caminhoApi } from '../../registers/api';
import { type ContextoCadastros, ProvedorCadastros } from '../../registers/contexto';

type PropsDaArea = ComponentProps<NonNullable<ContextoCadastros['AreaDoRegistro']>>;

/** The areas below a record's fields: each shows itself on its own register only. */
function AreasDoRegistro(p: PropsDaArea) {
  return (
    <>
      <AreaDoRegistroEstoque {...p} />
      <AreaDaSecao {...p} />
      <AreaDoRegistroContaCorrente {...p} />
      <AreaDoRegistroCertificadoNfce {...p} />
    </>
  );
}
import { useSessao } from '../../servicos/sessao/store';

const API_PRODUTO = caminhoApi(registerByKey('produto')!);

/** A record's header actions: a product's tax simulation, and every record's history. */
function AcoesDoRegistro(p: ComponentProps<NonNullable<ContextoCadastros['AcaoDoRegistro']>>) {
  return (
    <>
      {p.base === API_PRODUTO && <BotaoSimular produtoId={p.id} compacto />}
      <BotaoHistorico {...p} />
    </>
  );
}

export function ComContextoCadastros({ children }: { children: ReactNode }) {
  const usuario = useSessao((s) => s.usuario);
  const valor = useMemo<ContextoCadastros>(
    () => ({
      permissoes: usuario?.permissoes ?? [],
      administrador: usuario?.administrador === true,
      lojas: usuario?.lojasUsuario ?? [],
      AcaoDaLista: BotaoImprimir,
      AcaoDoRegistro: AcoesDoRegistro,
      AreaDoRegistro: AreasDoRegistro,
      editorDoCampo: (registro, campo) => editorDoProduto(registro, campo) ?? editorDePessoa(registro, campo),
      ficaNoRegistro: (registro) => registro === 'produto',
      useColunasExtras,
    }),
    [usuario],
  );
  return <ProvedorCadastros value={valor}>{children}</ProvedorCadastros>;
}
