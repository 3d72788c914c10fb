/**
 * /estoque/extrato-estoque (hosted in /vf as /relatorioExtratoEstoque/index for holders of
 * PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO): one product at one store (one location or all) for a period —
 * saldo anterior, the movements with running balance and average cost, saldo final — paged, and the
 * same statement as PDF (Imprimir) or XLSX (Excel) through the report framework. Keyboard-first: the
 * product takes the focus, Enter moves on and on the last field consults. A TODOS tenant is told the
 * statement is a franchise feature (the API refuses it too).
 */
import { Alert, Button, Grid, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter, IconSearch } from '@tabler/icons-react';
import { MSG_EXTRATO } from '@retaguarda/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { falhaDaApi } from '../../../lib/erros';
import { aoTeclarEnterAvanca, focarPrimeiroCampo } from '../../../ui/useEnterAvanca';
import { solicitarLista } from '../../relatorios/relatorios.api';
import { useSolicitarRelatorio } from '../../relatorios/useSolicitarRelatorio';
import { buscarProdutos, type ProdutoResumo } from '../../produto/busca';
import { ProdutoPorCodigo } from '../../produto/ProdutoPorCodigo';
import { listarLocais } from '../api';
import { BASE_EXTRATO, lerExtrato } from './api';
import { consultaDe, type ErrosFiltro, type FiltrosTela, mesAtual } from './filtros';
import { TabelaExtrato } from './TabelaExtrato';
import { opcoesDeLojas } from '../../../registers/contexto';

const POR_PAGINA = 50;

export function ExtratoEstoquePage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const lojas = usuario?.lojasUsuario ?? [];
  const principal = lojas.find((l) => l.principal) ?? lojas[0];
  const [url] = useSearchParams();
  const [filtros, setFiltros] = useState<FiltrosTela>(() => ({
    produto: null,
    lojaId: Number(url.get('lojaId')) || principal?.id || null,
    localId: url.get('localId') ?? '',
    // the session's stores carry the UF (eumesmo), the web's type does not declare it
    ...mesAtual(principal as { uf?: string } | undefined),
  }));
  const [erros, setErros] = useState<ErrosFiltro>({});
  const [consulta, setConsulta] = useState<URLSearchParams | null>(null);
  const [pagina, setPagina] = useState(1);
  const form = useRef<HTMLFormElement>(null);
  const relatorio = useSolicitarRelatorio(MSG_EXTRATO.entidade);
  const franquia = usuario?.tipoCliente === 'BOTICARIO';

  const locais = useQuery({
    queryKey: ['locais-estoque', filtros.lojaId],
    queryFn: () => listarLocais(filtros.lojaId!),
    enabled: !!filtros.lojaId && franquia,
  });
  const extrato = useQuery({
    queryKey: ['extrato-estoque', consulta?.toString(), pagina],
    queryFn: ({ signal }) => lerExtrato(consulta!, (pagina - 1) * POR_PAGINA, POR_PAGINA, signal),
    enabled: !!consulta,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    focarPrimeiroCampo(form.current);
  }, []);
  // the session's stores may arrive after the first render (a framed screen loads its own session)
  const principalId = principal?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store's id names it
  useEffect(() => {
    if (!principalId) return;
    setFiltros((f) => (f.lojaId ? f : { ...f, lojaId: principalId, ...mesAtual(principal as { uf?: string }) }));
  }, [principalId]);
  // a link with ?produtoId= (the product form's stock section) opens that product's statement
  const produtoDaUrl = url.get('produtoId');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link (escolher reads the filters of then)
  useEffect(() => {
    if (!produtoDaUrl || !franquia) return;
    void buscarProdutos(produtoDaUrl).then((achados) => {
      const p = achados.find((x) => String(x.id) === produtoDaUrl) ?? achados[0];
      if (p) escolher(p, true);
    });
  }, [produtoDaUrl, franquia]);

  function escolher(p: ProdutoResumo | null, consultar = false) {
    if (p) setErros((e) => ({ ...e, produto: undefined }));
    const novo = { ...filtros, produto: p };
    setFiltros(novo);
    if (consultar) aplicar(novo);
  }

  function aplicar(f: FiltrosTela = filtros) {
    const r = consultaDe(f);
    if ('erros' in r) {
      setErros(r.erros);
      return;
    }
    setErros({});
    setPagina(1);
    setConsulta(r.params);
  }

  const aoTeclar = (e: KeyboardEvent<HTMLFormElement>) => {
    aoTeclarEnterAvanca(e, { aoUltimo: () => aplicar() });
  };

  if (usuario && !franquia)
    return (
      <Stack gap="sm">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Alert color="orange" data-cy="extrato-negado">
          {MSG_EXTRATO.tipoClienteNegado}
        </Alert>
      </Stack>
    );

  const falha = extrato.error ? falhaDaApi(extrato.error) : null;
  const imprimir = (formato: 'pdf' | 'xlsx') =>
    consulta && void relatorio.solicitar(() => solicitarLista(BASE_EXTRATO, consulta, formato));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            disabled={!extrato.data}
            loading={relatorio.enviando}
            onClick={() => imprimir('pdf')}
            data-cy="extrato-imprimir"
          >
            Imprimir
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={!extrato.data}
            loading={relatorio.enviando}
            onClick={() => imprimir('xlsx')}
            data-cy="extrato-excel"
          >
            Excel
          </Button>
        </Group>
      </Group>
      <form
        ref={form}
        noValidate
        onKeyDown={aoTeclar}
        onSubmit={(e) => {
          e.preventDefault();
          aplicar();
        }}
        data-cy="extrato-filtros"
      >
        <Grid align="flex-end">
          {/* two rows up to 1408 px, one above: the button keeps its whole label (#27.18) */}
          <Grid.Col span={{ base: 12, md: 6, xl: 3 }}>
            <ProdutoPorCodigo
              escolhido={filtros.produto}
              aoMudar={(p) => escolher(p)}
              erro={erros.produto}
              aoErro={(m) => setErros((e) => ({ ...e, produto: m }))}
              proximo="extrato-loja"
              data-cy="extrato-produto"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3, xl: 2 }}>
            <Select
              label="Loja"
              required
              searchable
              selectFirstOptionOnChange
              // Enter on the chosen store must not clear it
              allowDeselect={false}
              data={opcoesDeLojas(lojas)}
              value={filtros.lojaId ? String(filtros.lojaId) : null}
              onChange={(v) => setFiltros((f) => ({ ...f, lojaId: v ? Number(v) : null, localId: '' }))}
              error={erros.lojaId}
              data-cy="extrato-loja"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3, xl: 2 }}>
            <Select
              label="Local de estoque"
              searchable
              selectFirstOptionOnChange
              allowDeselect={false}
              data={[
                { value: '', label: MSG_EXTRATO.todosOsLocais },
                ...(locais.data ?? []).map((l) => ({ value: String(l.id), label: l.descricao })),
              ]}
              value={filtros.localId}
              onChange={(v) => setFiltros((f) => ({ ...f, localId: v ?? '' }))}
              data-cy="extrato-local"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4, xl: 1.5 }}>
            <TextInput
              label="De"
              required
              placeholder="dd/mm/aaaa"
              value={filtros.de}
              onChange={(e) => setFiltros({ ...filtros, de: e.currentTarget.value })}
              error={erros.de}
              data-cy="extrato-de"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4, xl: 1.5 }}>
            <TextInput
              label="Até"
              required
              placeholder="dd/mm/aaaa"
              value={filtros.ate}
              onChange={(e) => setFiltros({ ...filtros, ate: e.currentTarget.value })}
              error={erros.ate}
              data-cy="extrato-ate"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4, xl: 2 }}>
            <Button type="submit" fullWidth leftSection={<IconSearch size={16} />} data-cy="extrato-consultar">
              Consultar
            </Button>
          </Grid.Col>
        </Grid>
      </form>
      {falha && (
        <Alert color="red" data-cy="extrato-erro">
          {[falha.message, ...falha.reasons].filter(Boolean).join(' ') || 'Não foi possível carregar o extrato.'}
        </Alert>
      )}
      {extrato.data ? (
        <TabelaExtrato
          extrato={extrato.data}
          pagina={pagina}
          porPagina={POR_PAGINA}
          aoMudarPagina={setPagina}
          carregando={extrato.isFetching}
        />
      ) : (
        !falha && (
          <Text c="dimmed" fz="sm" data-cy="extrato-instrucao">
            Escolha o produto, a loja e o período e tecle Enter (ou Consultar).
          </Text>
        )
      )}
    </Stack>
  );
}
