/**
 * The product field of screens that work on one product (stock statement, tax simulation): the user types a
 * code, an EAN or part of the description; Enter (or leaving the field) looks it up — one match is chosen
 * and Enter moves on to `proximo`; several are offered in a list; none says so. Typing again drops the choice.
 * Esc closes the list without leaving the screen.
 */
import { Select, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { buscarProdutos, type ProdutoResumo, rotuloProduto } from './busca';

interface Props {
  escolhido: ProdutoResumo | null;
  aoMudar: (p: ProdutoResumo | null) => void;
  erro?: string;
  aoErro: (mensagem: string | undefined) => void;
  /** data-cy of the field the focus goes to once Enter chose a product */
  proximo: string;
  'data-cy': string;
}

export function ProdutoPorCodigo({ escolhido, aoMudar, erro, aoErro, proximo, 'data-cy': dataCy }: Props) {
  const [texto, setTexto] = useState(escolhido ? rotuloProduto(escolhido) : '');
  const [opcoes, setOpcoes] = useState<ProdutoResumo[]>([]);
  const campo = useRef<HTMLInputElement>(null);
  // a product chosen from outside (a link's ?produtoId=) shows its label
  useEffect(() => {
    if (escolhido) setTexto(rotuloProduto(escolhido));
  }, [escolhido]);

  function escolher(p: ProdutoResumo) {
    setTexto(rotuloProduto(p));
    setOpcoes([]);
    aoErro(undefined);
    aoMudar(p);
  }

  async function procurar(): Promise<boolean> {
    if (escolhido) return true;
    const t = texto.trim();
    if (!t) {
      aoErro('Informe o produto.');
      return false;
    }
    const achados = await buscarProdutos(t).catch(() => []);
    if (achados.length === 1) {
      escolher(achados[0]!);
      return true;
    }
    setOpcoes(achados);
    aoErro(
      achados.length ? `${achados.length} produtos encontrados: escolha um.` : `Nenhum produto encontrado para “${t}”.`,
    );
    return false;
  }

  const seguir = () =>
    (campo.current?.form?.querySelector(`[data-cy="${proximo}"]`) as HTMLElement | null | undefined)?.focus();

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Esc closes the product choices, not the screen
    <div
      onKeyDown={(e) => {
        if (e.key === 'Escape' && opcoes.length) {
          e.stopPropagation();
          setOpcoes([]);
        }
      }}
    >
      <TextInput
        ref={campo}
        label="Produto"
        required
        placeholder="Código, EAN ou descrição"
        value={texto}
        onChange={(e) => {
          setTexto(e.currentTarget.value);
          if (escolhido) aoMudar(null);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || escolhido) return;
          // Enter looks the product up; it moves on only once one product is chosen
          e.preventDefault();
          void procurar().then((ok) => ok && seguir());
        }}
        onBlur={() => {
          if (texto.trim() && !escolhido) void procurar();
        }}
        error={erro}
        data-cy={dataCy}
      />
      {opcoes.length > 0 && (
        <Select
          mt={4}
          aria-label="Produtos encontrados"
          placeholder="Escolha o produto"
          data={opcoes.map((p) => ({ value: String(p.id), label: rotuloProduto(p) }))}
          onChange={(v) => {
            const p = opcoes.find((x) => String(x.id) === v);
            if (p) escolher(p);
          }}
          defaultDropdownOpened
          data-cy={`${dataCy}-opcoes`}
        />
      )}
    </div>
  );
}
