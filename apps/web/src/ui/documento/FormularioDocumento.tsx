/**
 * THE shell of a document form with item lines: header (the document's own fields), the shared item grid,
 * totals and the footer. The keyboard is the same on every document: Enter moves to the next field (never
 * submits a half-filled form), Esc goes back (asking before discarding), Ctrl+S saves. Warnings before
 * saving (a balance left negative) come from useAvisosAntesDeSalvar: the form's save asks, this renders it.
 * With `rascunho` (the form's route key and its change subscription) the typed document survives a lost
 * session and is offered back after the sign-in (ui/rascunho.tsx, #27.4).
 */
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { formatarDecimalCurto } from '../../lib/formato';
import { RodapeFormulario } from '../RodapeFormulario';
import { type OpcoesRascunho, useRascunho } from '../rascunho';
import { aoTeclarEnterAvanca } from '../useEnterAvanca';
import { GradeItens, type PropsGrade, type ValoresGrade } from './GradeItens';
import { totaisDasLinhas } from './linhas';
import type { ItemDigitado } from './tipos';

interface Props<T extends ValoresGrade> {
  dataCy: string;
  /** the form's own fields, above the grid */
  cabecalho: ReactNode;
  /** the grid's wiring: the form's control, errors, register and setValue, and what the document takes */
  grade: PropsGrade & {
    // biome-ignore lint/suspicious/noExplicitAny: any form whose `itens` are ItemDigitado lines
    control: Control<T, any, any>;
    erros: FieldErrors<T>;
    register: UseFormRegister<T>;
    setValue: (nome: 'itens', v: ItemDigitado[], o: { shouldDirty: boolean }) => void;
  };
  salvar: () => void;
  voltar: () => void;
  salvando: boolean;
  /** the "discard?" question (useVoltarComPergunta) */
  pergunta?: ReactNode;
  /** the warnings-before-saving question (useAvisosAntesDeSalvar's `pergunta`; the form's save asks it) */
  avisos?: ReactNode;
  formRef?: React.Ref<HTMLFormElement>;
  /** keeps the unsaved document as a draft (key by route and record, the form's changes, how to apply one) */
  rascunho?: Omit<OpcoesRascunho<T>, 'pronto'>;
}

const SEM_INSCRICAO = () => () => {};

export function FormularioDocumento<T extends ValoresGrade>(p: Props<T>) {
  const control = p.grade.control as unknown as Control<ValoresGrade>;
  const rascunho = useRascunho<T>({
    chave: p.rascunho?.chave ?? '',
    pronto: p.rascunho !== undefined,
    inscrever: p.rascunho?.inscrever ?? SEM_INSCRICAO,
    aplicar: (v) => p.rascunho?.aplicar(v),
  });
  return (
    <form
      ref={p.formRef}
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        p.salvar();
      }}
      onKeyDown={(ev) => {
        if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === 's') {
          ev.preventDefault();
          p.salvar();
        } else if (
          ev.key === 'Escape' &&
          ev.currentTarget.contains(ev.target as Node) &&
          (ev.target as HTMLElement).getAttribute('aria-expanded') !== 'true'
        ) {
          // Esc leaves the form (an open list only closes; typed data is asked about first)
          ev.preventDefault();
          p.voltar();
        } else {
          aoTeclarEnterAvanca(ev);
          if (ev.key === 'Enter' && ev.target instanceof HTMLInputElement) ev.preventDefault();
        }
      }}
      data-cy={p.dataCy}
    >
      <Stack gap="sm">
        {rascunho.aviso}
        {p.cabecalho}
        <GradeItens
          control={control}
          erros={p.grade.erros as FieldErrors<ValoresGrade>}
          register={p.grade.register as unknown as UseFormRegister<ValoresGrade>}
          setValue={p.grade.setValue}
          comCusto={p.grade.comCusto}
          lojaId={p.grade.lojaId}
          fontes={p.grade.fontes}
        />
        <Totais control={control} comCusto={p.grade.comCusto} />
        <RodapeFormulario aoVoltar={p.voltar} podeSalvar salvando={p.salvando} atalhoSalvar />
        {p.pergunta}
        {p.avisos}
      </Stack>
    </form>
  );
}

function Totais({ control, comCusto }: { control: Control<ValoresGrade>; comCusto: boolean }) {
  const itens = useWatch({ control, name: 'itens' }) ?? [];
  const t = totaisDasLinhas(itens);
  if (!t.linhas) return null;
  return (
    <Group gap="lg" justify="flex-end" data-cy="documento-totais">
      <Text fz="sm">
        {t.linhas} {t.linhas === 1 ? 'item' : 'itens'}
      </Text>
      <Text fz="sm" data-cy="documento-total-quantidade">
        Quantidade total: {formatarDecimalCurto(t.quantidade, 4, 0)}
      </Text>
      {comCusto && t.custo !== '0.00' && <Text fz="sm">Custo informado: R$ {formatarDecimalCurto(t.custo, 2, 2)}</Text>}
    </Group>
  );
}
