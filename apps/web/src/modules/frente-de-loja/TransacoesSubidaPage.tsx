/**
 * /frenteDeLoja/inconsistenciaSubidaDeVendas/:codigo/transacoes: a code's pending transactions (loja, PDV,
 * cupom/chave, data, operador, valor, mensagem, tentativas) with the payload as the POS sent it; reprocess one
 * or a selection through the upload's own steps, or discard a selection with a motivo.
 */
import { Badge, Button, Checkbox, Code, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  comandoDescartarSubida,
  comandoReprocessarSubida,
  DESCRICAO_ERRO_SUBIDA,
  MAX_REPROCESSAR,
  TIPOS_ERRO_SUBIDA,
  type TipoErroSubida,
  type TransacaoSubida,
} from '@retaguarda/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useComando } from '../../lib/comando/useComando';
import { toastDeErro } from '../../lib/erros';
import { formatarDataHora, formatarDinheiro } from '../../lib/formato';
import { toast } from '../../lib/toasts';
import { useSessao } from '../../servicos/sessao/store';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { useContadores } from '../plataforma/contadores/contadores.store';
import { FiltroSubidaVendas } from './FiltroSubida';
import { type FiltroSubida, listarTransacoesSubida } from './subida-vendas.api';

export function TransacoesSubidaPage() {
  const { codigo: bruto } = useParams();
  const codigo = (TIPOS_ERRO_SUBIDA as readonly string[]).includes(bruto ?? '') ? (bruto as TipoErroSubida) : null;
  const navigate = useNavigate();
  const { search } = useLocation();
  // framed by /vf (a legacy route), the query keeps full-screen mode and the frame's flag from screen to screen
  const irPara = (pathname: string) => navigate({ pathname, search });
  const qc = useQueryClient();
  const usuario = useSessao((s) => s.usuario);
  const lojas = usuario?.lojasUsuario ?? [];
  const podeEditar = usuario?.permissoes.includes('PERM_INCONSISTENCIA_EDITAR') ?? false;
  const [filtro, setFiltro] = useState<FiltroSubida>({});
  const [pagina, setPagina] = useState(1);
  const [tamanho, setTamanho] = useState(50);
  const [marcadas, setMarcadas] = useState<Set<number>>(new Set());
  const [payload, setPayload] = useState<TransacaoSubida | null>(null);
  const [descartando, setDescartando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const lista = useQuery({
    queryKey: ['subida-vendas-transacoes', codigo, filtro, pagina, tamanho],
    queryFn: () => listarTransacoesSubida(codigo!, filtro, (pagina - 1) * tamanho, tamanho),
    enabled: !!codigo,
  });
  const reprocessar = useComando(comandoReprocessarSubida);
  const descartar = useComando(comandoDescartarSubida);
  const sigla = (id: number) => lojas.find((l) => l.id === id)?.sigla ?? String(id);
  const itens = lista.data?.items ?? [];

  const depois = () => {
    setMarcadas(new Set());
    void qc.invalidateQueries({ queryKey: ['subida-vendas-transacoes'] });
    void qc.invalidateQueries({ queryKey: ['subida-vendas'] });
    void useContadores.getState().invalidar();
  };
  const reprocessarIds = async (ids: number[]) => {
    try {
      const r = await reprocessar.executar({ ids: ids.slice(0, MAX_REPROCESSAR) });
      const feitas = r.aceitos + r.duplicados;
      toast({
        type: feitas ? 'success' : 'info',
        title: 'Reprocessamento',
        message: `${feitas} venda(s) lançada(s); ${r.pendentes + r.rejeitados} continua(m) pendente(s).`,
      });
      depois();
    } catch (e) {
      toast(toastDeErro(e));
    }
  };
  const confirmarDescarte = async () => {
    try {
      const r = await descartar.executar({ ids: [...marcadas], motivo });
      toast({ type: 'success', title: 'Descarte', message: `${r.descartadas} transação(ões) descartada(s).` });
      setDescartando(false);
      setMotivo('');
      depois();
    } catch (e) {
      toast(toastDeErro(e));
    }
  };
  const alternar = (id: number) =>
    setMarcadas((m) => {
      const n = new Set(m);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const colunas: ColunaTabela<TransacaoSubida>[] = [
    ...(podeEditar
      ? [
          {
            id: 'marca',
            titulo: 'Selecionar',
            tituloOculto: true,
            largura: 40,
            celula: (t: TransacaoSubida) => (
              <Checkbox
                aria-label={`Selecionar a transação ${t.id}`}
                checked={marcadas.has(t.id)}
                onChange={() => alternar(t.id)}
                onClick={(e) => e.stopPropagation()}
                data-cy="marcar-transacao"
              />
            ),
          },
        ]
      : []),
    { id: 'loja', titulo: 'Loja', celula: (t) => sigla(t.lojaId) },
    { id: 'pdv', titulo: 'PDV', codigo: true, celula: (t) => String(t.pdv).padStart(3, '0') },
    {
      id: 'cupom',
      titulo: 'Cupom / chave',
      celula: (t) => (
        <Stack gap={0}>
          <Text fz="sm">{t.numeroCupom ?? '—'}</Text>
          {t.chave && (
            <Text fz="xs" c="dimmed" ff="monospace">
              {t.chave}
            </Text>
          )}
        </Stack>
      ),
    },
    { id: 'dataHora', titulo: 'Data', celula: (t) => formatarDataHora(t.dataHora) },
    { id: 'operador', titulo: 'Operador', celula: (t) => t.operador ?? '—' },
    { id: 'valor', titulo: 'Valor', codigo: true, celula: (t) => formatarDinheiro(t.valor) },
    { id: 'mensagem', titulo: 'Mensagem', celula: (t) => <Text fz="sm">{t.mensagem}</Text> },
    { id: 'tentativas', titulo: 'Tentativas', codigo: true, celula: (t) => String(t.tentativas) },
    {
      id: 'acoes',
      titulo: 'Ações',
      tituloOculto: true,
      largura: 180,
      celula: (t) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={() => setPayload(t)} data-cy="ver-payload">
            Ver envio
          </Button>
          {podeEditar && (
            <Button
              size="compact-xs"
              variant="light"
              loading={reprocessar.enviando}
              onClick={() => reprocessarIds([t.id])}
              data-cy="reprocessar-transacao"
            >
              Reprocessar
            </Button>
          )}
        </Group>
      ),
    },
  ];
  if (!codigo)
    return (
      <Text c="dimmed" fz="sm">
        Tipo de inconsistência desconhecido.
      </Text>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => irPara('/frenteDeLoja/inconsistenciaSubidaDeVendas')}
          >
            Voltar
          </Button>
          <Title order={1} fz={22} fw={600}>
            Transações: {DESCRICAO_ERRO_SUBIDA[codigo]}
          </Title>
        </Group>
        {podeEditar && (
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {marcadas.size} selecionada(s)
            </Badge>
            <Button
              size="sm"
              disabled={!marcadas.size}
              loading={reprocessar.enviando}
              onClick={() => reprocessarIds([...marcadas])}
              data-cy="reprocessar-selecionadas"
            >
              Reprocessar selecionadas
            </Button>
            <Button
              size="sm"
              color="red"
              variant="light"
              disabled={!marcadas.size}
              onClick={() => setDescartando(true)}
              data-cy="descartar-selecionadas"
            >
              Descartar
            </Button>
          </Group>
        )}
      </Group>
      <FiltroSubidaVendas
        filtro={filtro}
        mudar={(f) => {
          setFiltro(f);
          setPagina(1);
        }}
      />
      <TabelaDados
        rotulo={`Transações de ${DESCRICAO_ERRO_SUBIDA[codigo]}`}
        colunas={colunas}
        itens={itens}
        idDe={(t) => String(t.id)}
        carregando={lista.isPending}
        larguraMinima={1100}
        paginacao={{
          total: lista.data?.total ?? 0,
          pagina,
          tamanho,
          aoMudarPagina: setPagina,
          aoMudarTamanho: (n) => {
            setTamanho(n);
            setPagina(1);
          },
        }}
        vazio={
          <Text c="dimmed" fz="sm">
            Nenhuma transação pendente deste tipo.
          </Text>
        }
        dataCy="lista-transacoes-subida"
        dataCyLinha="transacao-subida-linha"
      />
      <Modal opened={!!payload} onClose={() => setPayload(null)} title="Envio do PDV" size="lg">
        <Code block data-cy="payload">
          {payload ? JSON.stringify(payload.payload, null, 2) : ''}
        </Code>
      </Modal>
      <Modal opened={descartando} onClose={() => setDescartando(false)} title="Descartar transações">
        <Stack gap="sm">
          <Text fz="sm">
            {marcadas.size} transação(ões) deixam de ser pendências e não serão lançadas. Informe o motivo.
          </Text>
          <Textarea
            label="Motivo"
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            maxLength={200}
            data-cy="motivo-descarte"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDescartando(false)}>
              Cancelar
            </Button>
            <Button
              color="red"
              disabled={motivo.trim().length < 3}
              loading={descartar.enviando}
              onClick={confirmarDescarte}
              data-cy="confirmar-descarte"
            >
              Descartar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
