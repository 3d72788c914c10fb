/**
 * What the shared item grid (ui/documento) needs from products: a typed or scanned code resolved in the
 * store by the set-based resolver (its factor with it), else a piece of the description; and the
 * collector calls (layouts, the upload of kind `coletor`, the one reading on the server).
 */
import {
  comandoSalvarLayoutColetor,
  type LayoutColetorSalvo,
  type ListaLayoutsColetor,
  type ResultadoLeituraColetor,
  type ResultadoResolucaoCodigos,
} from '@retaguarda/domain';
import { api } from '../../lib/api';
import { chamarComando } from '../../lib/comando/chamar';
import { lerTokens } from '../../lib/tokens';
import type { FontesDaGrade, ProdutoDaGrade } from '../../ui/documento/tipos';
import { enviarComProgresso } from '../../ui/uploadEnvio';
import { buscarProdutos } from './busca';

async function buscar(texto: string, lojaId: number | null): Promise<ProdutoDaGrade[]> {
  const t = texto.trim();
  if (lojaId && /^[0-9A-Za-z]{1,14}$/.test(t)) {
    const r = await api<ResultadoResolucaoCodigos>('/api/v1/produto/codigos/resolucao', {
      method: 'POST',
      body: { lojaId, codigos: [t] },
    });
    const c = r.itens[0];
    if (c?.produtoId && c.ativoNaLoja)
      return [
        {
          id: c.produtoId,
          descricao: c.descricao ?? '',
          codigo: t,
          unidade: c.unidade,
          casas: c.casasDecimais,
          fator: c.fator ?? '1',
        },
      ];
  }
  const achados = await buscarProdutos(t);
  return achados.map((p) => ({
    id: p.id,
    descricao: p.descricao,
    codigo: p.codigoInterno ?? String(p.id),
    unidade: null,
    casas: null,
    fator: '1',
  }));
}

export const fontesDeProduto: FontesDaGrade = {
  buscar,
  coletor: {
    layouts: async () => (await api<ListaLayoutsColetor>('/api/v1/produto/coletor/layouts')).items,
    salvarLayout: async (l: LayoutColetorSalvo) => {
      await chamarComando(comandoSalvarLayoutColetor, l);
    },
    enviar: (arquivo, aoProgredir) => {
      const token = lerTokens()?.accessToken;
      return enviarComProgresso<{ id: string }>('/api/v1/arquivos?tipo=coletor', arquivo, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        aoProgredir,
      });
    },
    ler: (e) =>
      api<ResultadoLeituraColetor>('/api/v1/produto/coletor/leituras', {
        method: 'POST',
        body: { lojaId: e.lojaId, layoutNome: e.layoutNome, arquivoId: e.arquivoId, texto: e.texto },
      }),
  },
};
