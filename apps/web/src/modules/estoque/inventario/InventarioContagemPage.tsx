/**
 * /inventario/:id: one inventory — its header and moves (start, close the count, recount the divergent items,
 * finalize, cancel), the counting entry (type or scan a code, the quantity, Enter: each line adds to the
 * product's count on the server, which resolves internal codes, EANs and auxiliary codes with their factor)
 * and the conferência grid (expected vs counted, differences in quantity and R$; filters divergent / not
 * counted). A blind count shows no expected balance until the count is closed (the server hides it).
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  comandoCancelarInventario,
  comandoContagemInventario,
  comandoEncerrarContagemInventario,
  comandoIniciarContagemInventario,
  comandoRecontagemInventario,
  formatarDecimal,
  formatarDinheiro,
  type ItemInventario,
  MSG_INVENTARIO,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { chamarComando } from '../../../lib/comando/chamar';
import { toastDeErro } from '../../../lib/erros';
import { decimalDoTexto } from '../../../lib/formato';
import type { FiltroLista } from '../../../lib/lista/estado';
import { useLista } from '../../../lib/lista/useLista';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { useLeitorDeCodigos } from '../../../ui/documento/useLeitorDeCodigos';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { useIrPara } from './navegar';
import { listarItensInventario, obterInventario } from './api';
import { ImportacaoColetor } from './ImportacaoColetor';
import { dataHoraLocal, ROTULO_STATUS, ROTULO_TIPO } from './rotulos';

const SEM_FILTRO: FiltroLista<Record<never, never>> = {
  chaves: [],
  daUrl: () => ({}),
  paraUrl: () => ({}),
  rsql: () => undefined,
};

const qtd = (v: string | null) => (v === null ? '—' : formatarDecimal(v, 4).replace(/,?0+$/, '').replace(/,$/, ''));

function Campo({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text fz="sm">{valor}</Text>
    </Stack>
  );
}

export function InventarioContagemPage() {
  const id = Number(useParams().id);
  const { titulo } = useRotaAtual();
  const navigate = useIrPara();
  const qc = useQueryClient();
  const permissoes = useSessao((s) => s.usuario?.permissoes ?? []);
  const podeEditar = permissoes.includes('PERM_INVENTARIO_EDITAR');
  const podeExcluir = permissoes.includes('PERM_INVENTARIO_EXCLUIR');
  const inv = useQuery({ queryKey: ['inventario', id], queryFn: () => obterInventario(id), enabled: id > 0 });
  const [filtro, setFiltro] = useState('');
  const lista = useLista({
    chave: ['inventario-itens', id, filtro],
    carregar: (p, signal) => listarItensInventario(id, p, filtro, signal),
    filtro: SEM_FILTRO,
    ordemPadrao: 'produtoId',
  });
  const [codigo, setCodigo] = useState('');
  const [quantidade, setQuantidade] = useState('1');
  const [ultima, setUltima] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const campoQuantidade = useRef<HTMLInputElement>(null);
  const campoCodigo = useRef<HTMLInputElement>(null);
  const i = inv.data;

  const recarregar = () => {
    void qc.invalidateQueries({ queryKey: ['inventario', id] });
    void qc.invalidateQueries({ queryKey: ['inventario-itens', id] });
    void qc.invalidateQueries({ queryKey: ['inventarios'] });
  };
  const mover = async (fazer: () => Promise<unknown>, sucesso: string) => {
    setEnviando(true);
    try {
      await fazer();
      toast({ type: 'success', title: 'Sucesso', message: sucesso });
      recarregar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_INVENTARIO.entidade }));
    } finally {
      setEnviando(false);
    }
  };

  /** one count line: the code and quantity typed (or read by the scanner) */
  const contar = async (cod: string, texto: string) => {
    const q = decimalDoTexto(texto);
    if (!cod.trim() || !q) return;
    try {
      const r = await chamarComando(
        comandoContagemInventario,
        { id, codigo: cod.trim(), quantidade: q },
        { chave: crypto.randomUUID() },
      );
      setUltima(`${cod.trim()}: contagem ${r.n} agora em ${qtd(r.quantidade)}`);
      setCodigo('');
      setQuantidade('1');
      campoCodigo.current?.focus();
      void qc.invalidateQueries({ queryKey: ['inventario-itens', id] });
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_INVENTARIO.entidade }));
      campoCodigo.current?.select();
    }
  };
  // a scanner's read anywhere in the entry counts one unit at once (the kit's reader of bursts)
  const leitor = useLeitorDeCodigos((lido) => void contar(lido, '1'));
  const enterNoCodigo = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || !codigo.trim()) return;
    e.preventDefault();
    campoQuantidade.current?.focus();
    campoQuantidade.current?.select();
  };
  const enterNaQuantidade = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void contar(codigo, quantidade);
  };

  const colunas: ColunaTabela<ItemInventario>[] = [
    { id: 'produtoId', titulo: 'Código', ordenavel: true, codigo: true, celula: (t) => t.produtoCodigo ?? t.produtoId },
    { id: 'descricao', titulo: 'Produto', ordenavel: true, celula: (t) => t.produtoDescricao ?? '' },
    { id: 'unidade', titulo: 'Un.', celula: (t) => t.unidade ?? '' },
    {
      id: 'esperado',
      titulo: 'Esperado',
      celula: (t) => (t.quantidadeSistema === null ? 'oculto' : qtd(t.quantidadeSistema)),
    },
    ...[1, 2, 3].slice(0, i?.numeroContagens ?? 1).map((n) => ({
      id: `contagem${n}`,
      titulo: `${n}ª contagem`,
      celula: (t: ItemInventario) => qtd(t.contagens.find((c) => c.n === n)?.quantidade ?? null),
    })),
    { id: 'diferenca', titulo: 'Diferença', celula: (t) => qtd(t.diferenca) },
    {
      id: 'valor',
      titulo: 'Diferença (R$)',
      celula: (t) => (t.valorDiferenca === null ? '—' : formatarDinheiro(t.valorDiferenca)),
    },
    { id: 'recontar', titulo: 'Recontar', celula: (t) => (t.recontar ? 'Sim' : '') },
  ];

  if (!i)
    return (
      <Stack gap="sm">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Text c="dimmed">{inv.isError ? MSG_INVENTARIO.naoEncontrado : 'Carregando…'}</Text>
      </Stack>
    );
  const aberto = i.status === 'ABERTO' || i.status === 'EM_CONTAGEM' || i.status === 'EM_CONFERENCIA';
  return (
    <Stack gap="sm" data-cy="inventario-contagem">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} fz={22} fw={600}>
            {titulo}: {i.id} — {i.descricao}
          </Title>
          <Badge variant="light" radius="sm" tt="none" color={ROTULO_STATUS[i.status].cor} data-cy="inventario-status">
            {ROTULO_STATUS[i.status].texto}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => navigate('/inventario')}>
            Voltar
          </Button>
          {podeEditar && i.status === 'ABERTO' && (
            <Button
              loading={enviando}
              data-cy="botao-iniciar"
              onClick={() =>
                void mover(
                  () => chamarComando(comandoIniciarContagemInventario, { id }, { chave: crypto.randomUUID() }),
                  'Contagem iniciada.',
                )
              }
            >
              Iniciar contagem
            </Button>
          )}
          {podeEditar && i.status === 'EM_CONTAGEM' && (
            <Button
              loading={enviando}
              data-cy="botao-encerrar"
              onClick={() =>
                void mover(
                  () => chamarComando(comandoEncerrarContagemInventario, { id }, { chave: crypto.randomUUID() }),
                  'Contagem encerrada: confira as diferenças.',
                )
              }
            >
              Encerrar contagem
            </Button>
          )}
          {podeEditar && i.status === 'EM_CONFERENCIA' && i.contagemAtual < i.numeroContagens && (
            <Button
              variant="light"
              loading={enviando}
              data-cy="botao-recontar"
              onClick={() =>
                void mover(
                  () => chamarComando(comandoRecontagemInventario, { id }, { chave: crypto.randomUUID() }),
                  `${i.contagemAtual + 1}ª contagem aberta para os itens divergentes.`,
                )
              }
            >
              Recontar divergentes
            </Button>
          )}
          {podeEditar && (i.status === 'EM_CONTAGEM' || i.status === 'EM_CONFERENCIA') && (
            <Button color="green" onClick={() => navigate(`/inventario/${id}/finalizar`)} data-cy="botao-finalizar">
              Finalizar…
            </Button>
          )}
          {podeExcluir && aberto && (
            <Button
              color="red"
              variant="light"
              loading={enviando}
              data-cy="botao-cancelar"
              onClick={() =>
                void mover(
                  () => chamarComando(comandoCancelarInventario, { id }, { chave: crypto.randomUUID() }),
                  'Inventário cancelado.',
                )
              }
            >
              Cancelar inventário
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 6 }}>
        <Campo rotulo="Loja / local" valor={`${i.lojaSigla ?? i.lojaId} / ${i.localDescricao ?? i.localId}`} />
        <Campo rotulo="Tipo" valor={ROTULO_TIPO[i.tipo]} />
        <Campo rotulo="Referência" valor={dataHoraLocal(i.dataReferencia)} />
        <Campo
          rotulo="Contagem"
          valor={`${i.contagemAtual}ª de ${i.numeroContagens}${i.contagemCega ? ' (cega)' : ''}`}
        />
        <Campo rotulo="Contados" valor={`${i.itensContados} de ${i.totalItens}`} />
        {i.resumo && <Campo rotulo="Resultado líquido" valor={formatarDinheiro(i.resumo.valorLiquido)} />}
      </SimpleGrid>
      {i.status === 'EM_CONTAGEM' && podeEditar && (
        <Group align="flex-end" onKeyDownCapture={leitor} data-cy="entrada-contagem">
          <TextInput
            ref={campoCodigo}
            label="Código (interno, EAN ou auxiliar)"
            autoFocus
            value={codigo}
            onChange={(e) => setCodigo(e.currentTarget.value)}
            onKeyDown={enterNoCodigo}
            data-cy="contagem-codigo"
          />
          <TextInput
            ref={campoQuantidade}
            label="Quantidade"
            w={140}
            value={quantidade}
            onChange={(e) => setQuantidade(e.currentTarget.value)}
            onKeyDown={enterNaQuantidade}
            data-cy="contagem-quantidade"
          />
          <Button onClick={() => void contar(codigo, quantidade)} data-cy="contagem-registrar">
            Registrar
          </Button>
          {ultima && (
            <Text fz="sm" c="dimmed" data-cy="contagem-ultima">
              {ultima}
            </Text>
          )}
        </Group>
      )}
      {i.status === 'EM_CONTAGEM' && podeEditar && <ImportacaoColetor id={id} aoImportar={recarregar} />}
      {i.status === 'FINALIZADO' && (
        <Alert color="green" data-cy="inventario-finalizado">
          Finalizado: as diferenças foram lançadas no estoque. O inventário é somente leitura.
        </Alert>
      )}
      <SegmentedControl
        w="fit-content"
        value={filtro}
        onChange={setFiltro}
        data={[
          { value: '', label: 'Todos' },
          { value: 'divergentes', label: 'Divergentes' },
          { value: 'naoContados', label: 'Não contados' },
        ]}
        data-cy="itens-filtro"
      />
      <TabelaDados
        {...lista.tabela}
        rotulo="Itens do inventário"
        colunas={colunas}
        idDe={(t) => String(t.produtoId)}
        larguraMinima={900}
        vazio={
          <Text c="dimmed" fz="sm">
            {i.status === 'ABERTO' ? 'Os itens aparecem ao iniciar a contagem.' : 'Nenhum item.'}
          </Text>
        }
        dataCy="lista-itens-inventario"
      />
    </Stack>
  );
}
