/**
 * /inventario/:id/finalizar: the summary the finalization would post (the command's preview: counted / not
 * counted, sobras and faltas in quantity and R$, net value, movements) under the chosen options (zero the not
 * counted — GERAL only —, the posting date), then the irreversible finalization.
 */
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  comandoFinalizarInventario,
  formatarDinheiro,
  MSG_INVENTARIO,
  type ResumoInventario,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { chamarComando } from '../../../lib/comando/chamar';
import { useComando } from '../../../lib/comando/useComando';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { aposNavegar } from '../../../servicos/navegacao/navegacao';
import { CampoDataBr } from '../../../ui/CampoDataBr';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { obterInventario } from './api';
import { useIrPara } from './navegar';

function Total({ rotulo, valor, dataCy }: { rotulo: string; valor: string; dataCy: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text fz="lg" fw={600} data-cy={dataCy}>
        {valor}
      </Text>
    </Stack>
  );
}

export function InventarioFinalizarPage() {
  const id = Number(useParams().id);
  const { titulo } = useRotaAtual();
  const navigate = useIrPara();
  const qc = useQueryClient();
  const inv = useQuery({ queryKey: ['inventario', id], queryFn: () => obterInventario(id), enabled: id > 0 });
  const [zerar, setZerar] = useState(false);
  const [data, setData] = useState('');
  const [resumo, setResumo] = useState<ResumoInventario | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const finalizar = useComando(comandoFinalizarInventario);
  const i = inv.data;
  useEffect(() => {
    if (i && !data) setData(i.dataReferencia.slice(0, 10));
  }, [i, data]);
  const entrada = { id, zerarNaoContados: zerar, ...(data ? { dataLancamento: data } : {}) };
  const chave = JSON.stringify(entrada);
  // the preview follows the options: nothing is posted until the confirmation
  useEffect(() => {
    if (!i || (i.status !== 'EM_CONTAGEM' && i.status !== 'EM_CONFERENCIA')) return;
    let vivo = true;
    chamarComando(comandoFinalizarInventario, JSON.parse(chave), { previa: true }).then(
      (r) => {
        if (!vivo) return;
        setResumo(r.resumo);
        setFalha(null);
      },
      (e) => {
        if (!vivo) return;
        const f = falhaDaApi(e);
        setResumo(null);
        setFalha(f.reasons.join(' ') || f.message);
      },
    );
    return () => {
      vivo = false;
    };
  }, [i, chave]);

  const confirmar = async () => {
    try {
      const r = await finalizar.executar(entrada);
      aposNavegar({ type: 'success', title: 'Sucesso', message: MSG_INVENTARIO.finalizado(r.id) });
      void qc.invalidateQueries({ queryKey: ['inventario', id] });
      void qc.invalidateQueries({ queryKey: ['inventarios'] });
      navigate(`/inventario/${id}`);
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_INVENTARIO.entidade }));
    }
  };

  const cabecalho = (
    <Title order={1} fz={22} fw={600}>
      {titulo}
    </Title>
  );
  if (!i)
    return (
      <Stack gap="sm">
        {cabecalho}
        <Text c="dimmed">{inv.isError ? MSG_INVENTARIO.naoEncontrado : 'Carregando…'}</Text>
      </Stack>
    );
  const r = i.status === 'FINALIZADO' ? i.resumo : resumo;
  return (
    <Stack gap="sm" data-cy="inventario-finalizar">
      {cabecalho}
      <Text fw={500} data-cy="inventario-nome">
        Inventário {i.id} — {i.descricao}
      </Text>
      {i.status === 'FINALIZADO' && <Alert color="green">Este inventário já foi finalizado.</Alert>}
      {i.status !== 'FINALIZADO' && (
        <Group align="flex-end">
          <CampoDataBr label="Data de lançamento" valor={data} mudar={setData} w={160} data-cy="finalizar-data" />
          {i.tipo === 'GERAL' && (
            <Checkbox
              label="Zerar os itens não contados"
              checked={zerar}
              onChange={(e) => setZerar(e.currentTarget.checked)}
              data-cy="finalizar-zerar"
            />
          )}
        </Group>
      )}
      {falha && <Alert color="red">{falha}</Alert>}
      {r && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} data-cy="finalizar-resumo">
          <Total rotulo="Contados" valor={String(r.itensContados)} dataCy="resumo-contados" />
          <Total rotulo="Não contados" valor={String(r.itensNaoContados)} dataCy="resumo-nao-contados" />
          <Total
            rotulo={`Sobras (${r.sobras.itens} itens)`}
            valor={formatarDinheiro(r.sobras.valor)}
            dataCy="resumo-sobras"
          />
          <Total
            rotulo={`Faltas (${r.faltas.itens} itens)`}
            valor={formatarDinheiro(r.faltas.valor)}
            dataCy="resumo-faltas"
          />
          <Total rotulo="Resultado líquido" valor={formatarDinheiro(r.valorLiquido)} dataCy="resumo-liquido" />
          <Total rotulo="Movimentos a lançar" valor={String(r.movimentos)} dataCy="resumo-movimentos" />
        </SimpleGrid>
      )}
      <Text fz="xs" c="dimmed">
        Cada item com diferença (contado − saldo na data de referência) gera um movimento de inventário ao custo médio.
        A finalização é irreversível: o inventário fica somente para leitura.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate(`/inventario/${id}`)}>
          Voltar
        </Button>
        {i.status !== 'FINALIZADO' && (
          <Button
            color="green"
            disabled={!resumo}
            loading={finalizar.enviando}
            onClick={() => void confirmar()}
            data-cy="botao-confirmar"
          >
            Finalizar inventário
          </Button>
        )}
      </Group>
    </Stack>
  );
}
