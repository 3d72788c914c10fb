/**
 * Wizard step 2: the virtualised grid product | current value | proposed value. A value for all (per
 * store for the state regime) or per row; the server checks each against the official tables and names
 * the rows refusing it — nothing is applied then, unless the user chooses to apply the valid ones.
 */
import { Alert, Button, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  comandoProporValoresLote,
  type EntradaDoComando,
  type ItemLoteInconsistencia,
  type LoteInconsistencia,
  ROTULO_CAMPO,
  rotuloCampoProposto,
} from '@retaguarda/domain';

/** the proposals' body (the lot's id comes from the grid) */
type Propostas = Omit<EntradaDoComando<typeof comandoProporValoresLote>, 'id'>;
import { useState } from 'react';
import { toast } from '../../../lib/toasts';
import { useComando } from '../../../lib/comando/useComando';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';

import { contagem } from '../../../ui/plural';
import { type OpcaoDoCampo, semOpcoes, useOpcoesDoCampo } from './opcoes-do-campo';
import { valorAtualDo, valorDoCampo } from './valores';

interface Recusa {
  corpo: Propostas;
  linhas: string[];
}

/** one row's proposed value: saved when it leaves the field changed (Enter too) */
function CelulaProposta({
  item,
  editavel,
  opcoes,
  aoSalvar,
}: {
  item: ItemLoteInconsistencia;
  editavel: boolean;
  /** the register's choices when the value is its id: picked, saved at once */
  opcoes: OpcaoDoCampo[] | null;
  aoSalvar: (item: ItemLoteInconsistencia, valor: string | null) => Promise<string | null>;
}) {
  const [valor, setValor] = useState(item.valorProposto ?? '');
  const [erro, setErro] = useState<string | null>(null);
  const salvar = async (v = valor) => {
    if ((item.valorProposto ?? '') === v.trim()) return;
    setErro(await aoSalvar(item, v.trim() || null));
  };
  if (opcoes)
    return (
      <Select
        size="xs"
        data={opcoes}
        value={valor || null}
        searchable
        clearable
        placeholder="Selecionar"
        nothingFoundMessage={semOpcoes(opcoes)}
        disabled={!editavel}
        error={erro}
        aria-label={`Valor proposto para ${item.descricao}`}
        comboboxProps={{ withinPortal: true }}
        onChange={(v) => {
          setValor(v ?? '');
          void salvar(v ?? '');
        }}
        data-cy={`proposta-${item.produtoId}`}
      />
    );
  return (
    <TextInput
      size="xs"
      value={valor}
      disabled={!editavel}
      error={erro}
      aria-label={`Valor proposto para ${item.descricao}`}
      onChange={(e) => setValor(e.currentTarget.value)}
      onBlur={() => salvar()}
      onKeyDown={(e) => e.key === 'Enter' && salvar()}
      data-cy={`proposta-${item.produtoId}`}
    />
  );
}

export function GradePropostas({
  lote,
  itens,
  editavel,
  aoMudar,
}: {
  lote: LoteInconsistencia;
  itens: ItemLoteInconsistencia[];
  editavel: boolean;
  aoMudar: () => void;
}) {
  const [valor, setValor] = useState('');
  const [loja, setLoja] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  // one Idempotency-Key per submission: a re-click or a retry of the same values posts once
  const propostas = useComando(comandoProporValoresLote);
  const linha = useComando(comandoProporValoresLote);
  const [recusa, setRecusa] = useState<Recusa | null>(null);
  const porLoja = lote.campo === 'regime';
  const opcoes = useOpcoesDoCampo(lote.campo);
  const lojas = [...new Map(itens.filter((i) => i.lojaId).map((i) => [i.lojaId, i.lojaSigla])).entries()];

  const enviar = async (corpo: Propostas) => {
    setEnviando(true);
    try {
      const r = await propostas.executar({ ...corpo, id: lote.id });
      setRecusa(null);
      toast({
        type: r.invalidos.length ? 'warning' : 'success',
        title: 'Valores propostos',
        message: r.invalidos.length
          ? `${contagem(r.atualizados, 'produto atualizado', 'produtos atualizados')}; ${contagem(r.invalidos.length, 'ficou', 'ficaram')} sem o valor.`
          : `${contagem(r.atualizados, 'produto atualizado', 'produtos atualizados')}.`,
      });
      aoMudar();
    } catch (e) {
      const f = falhaDaApi(e);
      if (f.status === 422 && f.erros.some((x) => x.campo.startsWith('itens.'))) {
        const nome = (campo: string) => {
          const it = itens.find((i) => `itens.${i.id}` === campo);
          return it ? `${it.codigo ?? it.produtoId} - ${it.descricao}` : campo;
        };
        setRecusa({ corpo, linhas: f.erros.map((x) => `${nome(x.campo)}: ${x.mensagem}`) });
      } else toast(toastDeErro(e, { entidade: 'lotes de inconsistências tributárias' }));
    } finally {
      setEnviando(false);
    }
  };
  const salvarLinha = async (item: ItemLoteInconsistencia, v: string | null): Promise<string | null> => {
    try {
      await linha.executar({ id: lote.id, itens: [{ itemId: item.id, valor: v }] });
      aoMudar();
      return null;
    } catch (e) {
      const f = falhaDaApi(e);
      return f.erros[0]?.mensagem ?? f.reasons[0] ?? 'Valor não aceito.';
    }
  };

  const colunas: ColunaTabela<ItemLoteInconsistencia>[] = [
    { id: 'codigo', titulo: 'Código', codigo: true, celula: (i) => i.codigo ?? i.produtoId },
    { id: 'descricao', titulo: 'Produto', celula: (i) => i.descricao },
    { id: 'ncm', titulo: 'NCM', codigo: true, celula: (i) => valorDoCampo('ncm', i.ncm) },
    ...(porLoja ? [{ id: 'loja', titulo: 'Loja', celula: (i: ItemLoteInconsistencia) => i.lojaSigla ?? '' }] : []),
    {
      id: 'atual',
      titulo: `${ROTULO_CAMPO[lote.campo]} atual`,
      celula: (i) => valorAtualDo(i) || '—',
    },
    {
      id: 'proposto',
      titulo: rotuloCampoProposto(lote.campo),
      largura: 200,
      celula: (i) => (
        <CelulaProposta
          key={`${i.id}:${i.valorProposto}`}
          item={i}
          editavel={editavel}
          opcoes={opcoes}
          aoSalvar={salvarLinha}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      {editavel && (
        <Group align="flex-end" gap="xs">
          {opcoes ? (
            <Select
              label={`${ROTULO_CAMPO[lote.campo]} para todos`}
              data={opcoes}
              value={valor || null}
              searchable
              clearable
              autoFocus
              placeholder="Selecionar"
              nothingFoundMessage={semOpcoes(opcoes)}
              w={320}
              onChange={(v) => setValor(v ?? '')}
              data-cy="valor-em-massa"
            />
          ) : (
            <TextInput
              label={`${ROTULO_CAMPO[lote.campo]} para todos`}
              value={valor}
              autoFocus
              onChange={(e) => setValor(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && valor.trim() && enviar({ valor: valor.trim(), lojaId: num(loja) })}
              data-cy="valor-em-massa"
            />
          )}
          {porLoja && (
            <Select
              label="Só na loja"
              placeholder="Todas"
              clearable
              data={lojas.map(([id, sigla]) => ({ value: String(id), label: sigla ?? String(id) }))}
              value={loja}
              onChange={setLoja}
              data-cy="loja-em-massa"
            />
          )}
          <Button
            loading={enviando}
            disabled={!valor.trim()}
            onClick={() => enviar({ valor: valor.trim(), lojaId: num(loja) })}
            data-cy="aplicar-em-massa"
          >
            Aplicar a todos
          </Button>
        </Group>
      )}
      {recusa && (
        <Alert
          color="orange"
          title={`${contagem(recusa.linhas.length, 'produto não aceita', 'produtos não aceitam')} o valor`}
          data-cy="linhas-invalidas"
        >
          <List size="sm" mb="xs">
            {recusa.linhas.slice(0, 50).map((l) => (
              <List.Item key={l}>{l}</List.Item>
            ))}
          </List>
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => enviar({ ...recusa.corpo, aplicarValidos: true })}
              data-cy="aplicar-validos"
            >
              Aplicar só aos válidos
            </Button>
            <Button size="xs" variant="default" onClick={() => setRecusa(null)}>
              Corrigir antes
            </Button>
          </Group>
        </Alert>
      )}
      <Text fz="sm" c="dimmed">
        {contagem(itens.length, 'linha', 'linhas')}; {itens.filter((i) => i.valorProposto).length} com valor proposto.
      </Text>
      <TabelaDados
        rotulo="Produtos do lote"
        colunas={colunas}
        itens={itens}
        idDe={(i) => String(i.id)}
        virtual
        alturaMaxima={480}
        larguraMinima={760}
        dataCy="grade-propostas"
      />
    </Stack>
  );
}

const num = (v: string | null) => (v ? Number(v) : null);
