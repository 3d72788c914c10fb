/**
 * /compras/notas-fiscais (domain §8): the purchase invoices of the user's stores. 'Importar XML da NF-e'
 * sends the supplier's XML for a preview (supplier, items matched, taxes, parcels; nothing kept) and then
 * enters it; a row opens the invoice — its items with tax values and parcels — to confirm the stock entry
 * (ENTRADA_NF at the entry cost) or open its conferência.
 */
import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  comandoAbrirConferencia,
  comandoConfirmarNotaCompra,
  dataBr,
  formatarDinheiro,
  type NotaFiscalCompra,
  ROTULO_STATUS_NOTA_COMPRA,
  STATUS_NOTA_COMPRA,
  type StatusNotaCompra,
  TIPOS_DE_ARQUIVO,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useComando } from '../../lib/comando/useComando';
import { toastDeErro } from '../../lib/erros';
import type { EstadoLista } from '../../lib/lista/estado';
import { useLista } from '../../lib/lista/useLista';
import { toast } from '../../lib/toasts';
import { opcoesDeLojas } from '../../registers/contexto';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../servicos/sessao/store';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { UploadArquivo } from '../../ui/UploadArquivo';
import type { ErroDeEnvio } from '../../ui/uploadEnvio';
import { enviarNfe, listarNotas, obterNota } from './api';
import { type FiltroCompras, filtroCompras } from './filtros';

const KIND = TIPOS_DE_ARQUIVO['nfe-compra'];
const FILTRO = filtroCompras(STATUS_NOTA_COMPRA);
const COR: Record<StatusNotaCompra, string> = {
  DIGITADA: 'blue',
  EM_CONFERENCIA: 'orange',
  CONFIRMADA: 'green',
  CANCELADA: 'gray',
};
const mensagemDe = (e: unknown) => {
  const x = e as ErroDeEnvio & { reasons?: unknown[] };
  return [x.message, ...(x.reasons ?? []).filter((r) => typeof r === 'string')].filter(Boolean).join(' ');
};
const qtd = (v: string) => Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 4 });

export function ItensDaNota({ nota }: { nota: NotaFiscalCompra }) {
  return (
    <Table withTableBorder striped fz="sm" data-cy="nota-itens">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Produto</Table.Th>
          <Table.Th>Código do fornecedor</Table.Th>
          <Table.Th ta="right">Quantidade</Table.Th>
          <Table.Th ta="right">Valor</Table.Th>
          <Table.Th ta="right">ICMS</Table.Th>
          <Table.Th ta="right">ICMS-ST</Table.Th>
          <Table.Th ta="right">IPI</Table.Th>
          <Table.Th ta="right">Custo unitário</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {nota.itens.map((i) => (
          <Table.Tr key={i.ordem}>
            <Table.Td>{i.ordem}</Table.Td>
            <Table.Td>
              {i.produtoId} · {i.descricao}
            </Table.Td>
            <Table.Td>{i.codigoFornecedor ?? ''}</Table.Td>
            <Table.Td ta="right">
              {qtd(i.quantidade)}
              {i.fator !== '1' ? ` (${qtd(i.quantidadeComercial)} × ${qtd(i.fator)})` : ''}
            </Table.Td>
            <Table.Td ta="right">{formatarDinheiro(i.valorTotal)}</Table.Td>
            <Table.Td ta="right">{formatarDinheiro(i.valorIcms)}</Table.Td>
            <Table.Td ta="right">{formatarDinheiro(i.valorIcmsSt)}</Table.Td>
            <Table.Td ta="right">{formatarDinheiro(i.valorIpi)}</Table.Td>
            <Table.Td ta="right">{formatarDinheiro(i.custoUnitario)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Resumo({ nota }: { nota: NotaFiscalCompra }) {
  return (
    <Stack gap={4}>
      <Text fz="sm">
        <b>Fornecedor:</b> {nota.fornecedor} · <b>Nota</b> {nota.numeroNota} série {nota.serie} · <b>Emissão</b>{' '}
        {dataBr(nota.dataEmissao.slice(0, 10))} · <b>Entrada</b> {dataBr(nota.dataEntrada)}
      </Text>
      {nota.chaveDaNfe && (
        <Text fz="xs" c="dimmed">
          Chave {nota.chaveDaNfe}
        </Text>
      )}
      <Text fz="sm">
        <b>Produtos</b> {formatarDinheiro(nota.valorProdutos)} · <b>IPI</b> {formatarDinheiro(nota.valorIpi)} ·{' '}
        <b>ICMS-ST</b> {formatarDinheiro(nota.valorIcmsSt)} · <b>Total da nota</b>{' '}
        {formatarDinheiro(nota.valorDoDocumento)}
      </Text>
      {nota.parcelas.length > 0 && (
        <Text fz="sm" data-cy="nota-parcelas">
          <b>Parcelas:</b>{' '}
          {nota.parcelas.map((p) => `${p.numero} ${dataBr(p.vencimento)} ${formatarDinheiro(p.valor)}`).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

export function NotasFiscaisPage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const permissoes = usuario?.permissoes ?? [];
  const lojas = usuario?.lojasUsuario ?? [];
  const podeIncluir = permissoes.includes('PERM_NOTA_FISCAL_COMPRA_INCLUIR');
  const podeConfirmar = permissoes.includes('PERM_NOTA_FISCAL_COMPRA_EDITAR');
  const podeConferir = permissoes.includes('PERM_CONFERENCIA_COMPRA_INCLUIR');
  const qc = useQueryClient();
  const [lojaXml, setLojaXml] = useState<string | null>(lojas[0] ? String(lojas[0].id) : null);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [previa, setPrevia] = useState<NotaFiscalCompra | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [lancando, setLancando] = useState(false);
  const [aberta, setAberta] = useState<number | null>(null);
  const confirmar = useComando(comandoConfirmarNotaCompra);
  const conferir = useComando(comandoAbrirConferencia);
  const lista = useLista({ chave: ['notas-compra'], carregar: listarNotas, filtro: FILTRO, ordemPadrao: '-id' });
  const filtro = lista.estado;
  const mudar = (p: Partial<FiltroCompras>) => lista.mudar(p as Partial<EstadoLista<FiltroCompras>>);
  const detalhe = useQuery({
    queryKey: ['nota-compra', aberta],
    queryFn: () => obterNota(aberta!),
    enabled: aberta !== null,
  });
  const atualizar = () => {
    void qc.invalidateQueries({ queryKey: ['notas-compra'] });
    void qc.invalidateQueries({ queryKey: ['nota-compra'] });
  };

  async function verPrevia(f: File) {
    setErro(null);
    setArquivo(f);
    try {
      setPrevia(await enviarNfe(f, { lojaId: Number(lojaXml), previa: true }));
    } catch (e) {
      setPrevia(null);
      setErro(mensagemDe(e));
    }
  }
  async function lancar() {
    if (!arquivo) return;
    setLancando(true);
    try {
      const n = await enviarNfe(arquivo, { lojaId: Number(lojaXml), previa: false });
      toast({
        type: 'success',
        title: 'Sucesso',
        message: `Nota ${n.numeroNota} lançada: confirme a entrada ou confira a mercadoria.`,
      });
      setPrevia(null);
      setArquivo(null);
      atualizar();
      setAberta(n.id);
    } catch (e) {
      setErro(mensagemDe(e));
    } finally {
      setLancando(false);
    }
  }
  async function agir(fazer: () => Promise<unknown>, mensagem: string) {
    try {
      await fazer();
      toast({ type: 'success', title: 'Sucesso', message: mensagem });
      atualizar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'notas fiscais de compra' }));
    }
  }

  const colunas: ColunaTabela<NotaFiscalCompra>[] = [
    { id: 'numeroNota', titulo: 'Nota', ordenavel: true, codigo: true, celula: (n) => `${n.numeroNota}-${n.serie}` },
    { id: 'fornecedor', titulo: 'Fornecedor', celula: (n) => n.fornecedor },
    { id: 'dataEmissao', titulo: 'Emissão', ordenavel: true, celula: (n) => dataBr(n.dataEmissao.slice(0, 10)) },
    { id: 'dataEntrada', titulo: 'Entrada', ordenavel: true, celula: (n) => dataBr(n.dataEntrada) },
    { id: 'loja', titulo: 'Loja', celula: (n) => lojas.find((l) => l.id === n.lojaId)?.sigla ?? n.lojaId },
    { id: 'itens', titulo: 'Itens', celula: (n) => n.quantidadeItens },
    { id: 'valor', titulo: 'Valor', celula: (n) => formatarDinheiro(n.valorDoDocumento) },
    {
      id: 'status',
      titulo: 'Status',
      celula: (n) => (
        <Badge variant="light" radius="sm" tt="none" color={COR[n.status]} data-cy="nota-status">
          {ROTULO_STATUS_NOTA_COMPRA[n.status]}
        </Badge>
      ),
    },
  ];
  const nota = detalhe.data;

  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      {podeIncluir && (
        <Paper withBorder p="sm" data-cy="nfe-envio">
          <Stack gap="xs">
            <Group align="flex-end">
              <Select
                label="Loja destinatária"
                w={240}
                data={opcoesDeLojas(lojas)}
                value={lojaXml}
                onChange={setLojaXml}
              />
              <UploadArquivo
                rotulo="XML da NF-e do fornecedor"
                extensoes={KIND.extensoes}
                limiteBytes={KIND.limiteBytes}
                enviar={async (f) => {
                  await verPrevia(f);
                  return null;
                }}
              />
            </Group>
            {erro && (
              <Alert color="red" data-cy="nfe-erro">
                {erro}
              </Alert>
            )}
            {previa && (
              <Stack gap="xs" data-cy="nfe-previa">
                <Text fw={600}>Prévia da nota{arquivo ? ` (${arquivo.name})` : ''}</Text>
                <Resumo nota={previa} />
                <ItensDaNota nota={previa} />
                <Group>
                  <Button onClick={lancar} loading={lancando} data-cy="nfe-lancar">
                    Lançar nota
                  </Button>
                  <Button variant="default" onClick={() => setPrevia(null)}>
                    Descartar
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
      <Group gap="sm" align="flex-end" data-cy="filtros-notas">
        <Select
          label="Status"
          placeholder="Todos"
          clearable
          w={200}
          data={STATUS_NOTA_COMPRA.map((s) => ({ value: s, label: ROTULO_STATUS_NOTA_COMPRA[s] }))}
          value={filtro.status || null}
          onChange={(v) => mudar({ status: v ?? '' })}
        />
        <Select
          label="Loja"
          placeholder="Todas as minhas lojas"
          clearable
          w={240}
          data={opcoesDeLojas(lojas)}
          value={filtro.lojaId || null}
          onChange={(v) => mudar({ lojaId: v ?? '' })}
        />
      </Group>
      <TabelaDados
        {...lista.tabela}
        rotulo="Notas fiscais de compra"
        colunas={colunas}
        idDe={(n) => String(n.id)}
        aoAbrir={(n) => setAberta(n.id)}
        abrirComClique
        larguraMinima={900}
        vazio={
          <Text c="dimmed" fz="sm">
            {lista.erro ? 'Não foi possível carregar a lista.' : 'Nenhuma nota fiscal de compra.'}
          </Text>
        }
        dataCy="lista-notas-compra"
      />
      <Modal
        opened={aberta !== null}
        onClose={() => setAberta(null)}
        size="xl"
        title={nota ? `Nota ${nota.numeroNota}-${nota.serie}` : 'Nota'}
      >
        {nota && (
          <Stack gap="sm" data-cy="nota-detalhe">
            <Resumo nota={nota} />
            <ItensDaNota nota={nota} />
            {nota.status === 'DIGITADA' && (
              <Group>
                {podeConfirmar && (
                  <Button
                    onClick={() => agir(() => confirmar.executar({ id: nota.id }), 'Entrada no estoque lançada.')}
                    loading={confirmar.enviando}
                    data-cy="nota-confirmar"
                  >
                    Confirmar entrada
                  </Button>
                )}
                {podeConferir && (
                  <Button
                    variant="light"
                    onClick={() =>
                      agir(
                        () => conferir.executar({ id: nota.id, observacao: null }),
                        'Conferência aberta: conte a mercadoria em Conferências.',
                      )
                    }
                    loading={conferir.enviando}
                    data-cy="nota-conferir"
                  >
                    Abrir conferência
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
