/**
 * THE item grid of every document (adjustments, transfers; orders, purchases and counts next), for the
 * keyboard and the barcode scanner: the code field takes an internal code, EAN, auxiliary code or a piece
 * of the description and Enter adds the product (or adds to its line: one line per product); a scanner's
 * read anywhere in the grid does the same (useLeitorDeCodigos); collector files come through
 * ColetorDaGrade. Enter on a quantity goes to the cost (when the document takes one), then to the next
 * line, and from the last back to the code field; Delete at the end of a quantity (or Ctrl+Delete) removes
 * the line. Past 200 lines only the visible rows are rendered (TanStack Virtual).
 */
import { ActionIcon, Group, Table, Text, TextInput } from '@mantine/core';
import { IconBarcode, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import { ColetorDaGrade } from './ColetorDaGrade';
import { errosDeCasas, somarProduto } from './linhas';
import type { FontesDaGrade, ItemDigitado, ProdutoDaGrade } from './tipos';
import { useLeitorDeCodigos } from './useLeitorDeCodigos';

/** The part of a form the grid works on. */
export interface ValoresGrade {
  itens: ItemDigitado[];
}

export interface PropsGrade {
  comCusto: boolean;
  lojaId: number | null;
  fontes: FontesDaGrade;
}

interface Props extends PropsGrade {
  control: Control<ValoresGrade>;
  erros: FieldErrors<ValoresGrade>;
  register: UseFormRegister<ValoresGrade>;
  setValue: (nome: 'itens', v: ItemDigitado[], o: { shouldDirty: boolean }) => void;
}

const VIRTUAL_APOS = 200;
/** EAN-8 to GTIN-14: no quantity or cost is typed so */
const EAN = /^\d{8,14}$/;
const ALTURA_LINHA = 44;

const focar = (id: string) => {
  const el = document.getElementById(id) as HTMLInputElement | null;
  el?.focus();
  el?.select();
  return !!el;
};

export function GradeItens({ control, erros, register, setValue, comCusto, lojaId, fontes }: Props) {
  const { fields, remove } = useFieldArray({ control, name: 'itens' });
  const itens = useWatch({ control, name: 'itens' }) ?? [];
  // the lines as they are now (a read arrives between renders)
  const atuais = useRef(itens);
  atuais.current = itens;
  const [codigo, setCodigo] = useState('');
  const [aviso, setAviso] = useState<string | null>(null);
  const buscando = useRef(false);
  const rolagem = useRef<HTMLDivElement>(null);
  const virtual = fields.length > VIRTUAL_APOS;
  const linhas = useVirtualizer({
    count: fields.length,
    getScrollElement: () => rolagem.current,
    estimateSize: () => ALTURA_LINHA,
    overscan: 12,
    enabled: virtual,
  });
  // the field to focus once its line is rendered (a line just added, the next line, a line scrolled to)
  const [focarId, setFocarId] = useState<string | null>(null);
  useEffect(() => {
    if (!focarId) return;
    if (focar(focarId)) return setFocarId(null);
    const i = Number(/^item-(\d+)-/.exec(focarId)?.[1]);
    if (virtual && Number.isInteger(i)) linhas.scrollToIndex(i);
  });

  const incluir = (p: ProdutoDaGrade, quantidade: string, focarQuantidade: boolean) => {
    const r = somarProduto(atuais.current, p, quantidade);
    setValue('itens', r.itens, { shouldDirty: true });
    setFocarId(focarQuantidade && r.nova ? `item-${r.indice}-quantidade` : 'item-codigo');
  };

  const adicionar = async (texto: string, vindoDoLeitor: boolean) => {
    if (!texto.trim() || buscando.current) return;
    buscando.current = true;
    try {
      const achados = await fontes.buscar(texto, lojaId);
      if (achados.length !== 1) {
        setAviso(
          achados.length
            ? `${achados.length} produtos contêm “${texto}”: digite o código ou mais da descrição.`
            : `Nenhum produto encontrado para “${texto}”.`,
        );
        return;
      }
      setAviso(null);
      setCodigo('');
      const p = achados[0]!;
      incluir(p, p.fator, !vindoDoLeitor);
    } finally {
      buscando.current = false;
    }
  };

  const leitor = useLeitorDeCodigos(
    (lido, alvo, antes) => {
      // the burst went into the focused field: it gets back what it held
      if (alvo) {
        const i = Number(/^item-(\d+)-/.exec(alvo.id)?.[1]);
        const campo = alvo.id.endsWith('-custo') ? 'custoUnitario' : 'quantidade';
        if (Number.isInteger(i))
          setValue(
            'itens',
            atuais.current.map((l, j) => (j === i ? { ...l, [campo]: antes } : l)),
            { shouldDirty: true },
          );
      }
      void adicionar(lido, true);
    },
    (alvo) => alvo?.id === 'item-codigo',
  );

  // what the focused line field held when it took the focus (a code read into it gives it back)
  const aoFocar = useRef('');
  const aoTeclar = (i: number, campo: 'quantidade' | 'custoUnitario') => (e: KeyboardEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const noFim = el.selectionStart === el.value.length && el.selectionEnd === el.value.length;
    if (e.key === 'Delete' && (e.ctrlKey || noFim)) {
      e.preventDefault();
      remove(i);
      setFocarId(i < fields.length - 1 ? `item-${i}-quantidade` : 'item-codigo');
      return;
    }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // a whole EAN in a quantity (a read slower than a scanner's burst, on a busy machine): it is a code
    if (EAN.test(el.value.trim())) {
      const lido = el.value.trim();
      setValue(
        'itens',
        atuais.current.map((l, j) => (j === i ? { ...l, [campo]: aoFocar.current } : l)),
        {
          shouldDirty: true,
        },
      );
      return void adicionar(lido, true);
    }
    if (campo === 'quantidade' && comCusto) setFocarId(`item-${i}-custo`);
    else setFocarId(i + 1 < fields.length ? `item-${i + 1}-quantidade` : 'item-codigo');
  };
  const erroItens = erros.itens;
  const casas = errosDeCasas(itens);

  const linha = (i: number) => {
    const f = fields[i]!;
    const e = Array.isArray(erroItens) ? erroItens[i] : undefined;
    const l = itens[i];
    const erroProduto = e?.produtoId?.message ?? (e as { codigo?: { message?: string } } | undefined)?.codigo?.message;
    return (
      <Table.Tr key={f.id} data-cy="item-linha" data-index={i} h={ALTURA_LINHA}>
        <Table.Td>{l?.codigo ?? l?.produtoId}</Table.Td>
        <Table.Td>
          {l?.descricao}
          {erroProduto && (
            <Text c="red" fz="xs" data-cy="item-erro-produto">
              {erroProduto}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <TextInput
            id={`item-${i}-quantidade`}
            size="xs"
            inputMode={l?.casas ? 'decimal' : 'numeric'}
            rightSection={l?.unidade ? <Text fz="xs">{l.unidade}</Text> : undefined}
            aria-label={`Quantidade de ${l?.descricao ?? ''}`}
            {...register(`itens.${i}.quantidade`)}
            onKeyDown={aoTeclar(i, 'quantidade')}
            onFocus={(ev) => {
              aoFocar.current = ev.currentTarget.value;
            }}
            error={e?.quantidade?.message ?? casas[i]}
            data-cy="item-quantidade"
          />
        </Table.Td>
        {comCusto && (
          <Table.Td>
            <TextInput
              id={`item-${i}-custo`}
              size="xs"
              inputMode="decimal"
              placeholder="custo médio"
              aria-label={`Custo unitário de ${l?.descricao ?? ''}`}
              {...register(`itens.${i}.custoUnitario`)}
              onKeyDown={aoTeclar(i, 'custoUnitario')}
              onFocus={(ev) => {
                aoFocar.current = ev.currentTarget.value;
              }}
              error={e?.custoUnitario?.message}
              data-cy="item-custo"
            />
          </Table.Td>
        )}
        <Table.Td>
          <ActionIcon variant="subtle" color="red" aria-label="Remover item" onClick={() => remove(i)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
    );
  };
  const colunas = comCusto ? 5 : 4;
  const visiveis = virtual ? linhas.getVirtualItems() : null;
  const espaco = (h: number, k: string) =>
    h > 0 ? (
      <Table.Tr key={k} aria-hidden>
        <Table.Td colSpan={colunas} p={0} h={h} />
      </Table.Tr>
    ) : null;

  return (
    // the scanner's keystrokes are read where they land (capture: before the field's own Enter)
    <div onKeyDownCapture={leitor}>
      <Group align="flex-end" gap="sm" mb="xs">
        <TextInput
          id="item-codigo"
          label="Produto"
          placeholder="Código de barras, código ou descrição — Enter adiciona"
          leftSection={<IconBarcode size={16} />}
          w={{ base: '100%', sm: 420 }}
          value={codigo}
          onChange={(e) => setCodigo(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void adicionar(codigo, false);
            }
          }}
          error={aviso ?? (erroItens && !Array.isArray(erroItens) ? erroItens.message : undefined)}
          data-cy="item-codigo"
        />
        <ColetorDaGrade
          lojaId={lojaId}
          fontes={fontes}
          aoLer={(lidas) => {
            let novas = atuais.current;
            for (const l of lidas) novas = somarProduto(novas, l.produto, l.quantidade).itens;
            setValue('itens', novas, { shouldDirty: true });
          }}
        />
      </Group>
      <div ref={rolagem} style={virtual ? { maxHeight: 520, overflowY: 'auto' } : undefined} data-cy="grade-rolagem">
        <Table withTableBorder striped verticalSpacing={4} data-cy="grade-itens" stickyHeader={virtual}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={140}>Código</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th w={160}>Quantidade</Table.Th>
              {comCusto && <Table.Th w={160}>Custo unitário</Table.Th>}
              <Table.Th w={48} aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visiveis
              ? [
                  espaco(visiveis[0]?.start ?? 0, 'antes'),
                  ...visiveis.map((v) => linha(v.index)),
                  espaco(linhas.getTotalSize() - (visiveis.at(-1)?.end ?? 0), 'depois'),
                ]
              : fields.map((_, i) => linha(i))}
            {!fields.length && (
              <Table.Tr>
                <Table.Td colSpan={colunas}>
                  <Text c="dimmed" fz="sm">
                    Nenhum item. Leia o código de barras, digite o código do produto e tecle Enter, ou importe o arquivo
                    do coletor.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  );
}
