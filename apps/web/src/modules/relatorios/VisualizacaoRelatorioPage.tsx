/**
 * /visualizacao-relatorio/:blob (spec §2.2, login only): the PDF inline with 'Baixar' and
 * 'Imprimir', or the spreadsheet's download; not found (or not the user's), still processing
 * (follows the report's job: lib/tarefas) and failed states. The file is fetched with the session's token and
 * shown through a blob URL.
 */
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { MSG_RELATORIO } from '@retaguarda/domain';
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { HttpError } from '../../lib/erros';
import { salvarBlob } from '../../lib/download';
import { tarefaEncerrada } from '../../lib/tarefas/tarefa';
import { useAndamentoDaTarefa } from '../../lib/tarefas/useAndamentoDaTarefa';
import { baixarArquivo, buscarRelatorio, type Relatorio } from './relatorios.api';

function Estado({ titulo, texto, carregando }: { titulo: string; texto: string; carregando?: boolean }) {
  return (
    <Center mih={320}>
      <Stack align="center" gap="xs" maw={520} ta="center">
        {carregando ? <Loader /> : <IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" />}
        <Title order={2} fz={20}>
          {titulo}
        </Title>
        <Text c="dimmed">{texto}</Text>
      </Stack>
    </Center>
  );
}

function tamanho(bytes: number | null): string {
  if (!bytes) return '';
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

function Arquivo({ r }: { r: Relatorio }) {
  const [blob, setBlob] = useState<{ url: string; dados: Blob } | null>(null);
  const [erro, setErro] = useState(false);
  const quadro = useRef<HTMLIFrameElement>(null);
  const nome = r.nomeArquivo ?? 'relatorio';

  useEffect(() => {
    let url: string | undefined;
    let vivo = true;
    baixarArquivo(r.id)
      .then((dados) => {
        if (!vivo) return;
        url = URL.createObjectURL(new Blob([dados], { type: r.mimeType ?? dados.type }));
        setBlob({ url, dados });
      })
      .catch(() => vivo && setErro(true));
    return () => {
      vivo = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [r.id, r.mimeType]);

  if (erro) return <Estado titulo="Não foi possível abrir o arquivo." texto="Tente novamente em instantes." />;
  const baixar = blob && (
    <Button
      leftSection={<IconDownload size={16} />}
      onClick={() => salvarBlob(blob.dados, nome)}
      data-cy="relatorio-baixar"
    >
      Baixar
    </Button>
  );
  const cabecalho = (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <div>
        <Title order={1} fz={22} fw={600}>
          {r.titulo}
        </Title>
        <Text fz="sm" c="dimmed">
          {nome} {tamanho(r.tamanho) && `· ${tamanho(r.tamanho)}`}
        </Text>
      </div>
      <Group gap="xs">
        {r.formato === 'PDF' && blob && (
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => quadro.current?.contentWindow?.print()}
            data-cy="relatorio-imprimir"
          >
            Imprimir
          </Button>
        )}
        {baixar}
      </Group>
    </Group>
  );
  if (!blob) return <Estado titulo="Carregando o arquivo…" texto={nome} carregando />;
  if (r.formato !== 'PDF') {
    return (
      <Stack gap="md">
        {cabecalho}
        <Paper withBorder p="xl" radius="sm">
          <Stack align="center" gap="xs">
            <IconFileSpreadsheet size={48} color="var(--mantine-color-green-7)" />
            <Text fw={600}>A planilha está pronta.</Text>
            <Text c="dimmed" fz="sm">
              Planilhas não são exibidas no navegador: baixe o arquivo e abra-o no Excel ou similar.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" h="calc(100dvh - var(--app-shell-header-offset, 64px) - 96px)" mih={480}>
      {cabecalho}
      <Paper withBorder radius="sm" style={{ flex: 1, overflow: 'hidden' }}>
        <iframe
          ref={quadro}
          src={blob.url}
          title={r.titulo}
          style={{ width: '100%', height: '100%', border: 0 }}
          data-cy="relatorio-pdf"
        />
      </Paper>
    </Stack>
  );
}

export function VisualizacaoRelatorioPage() {
  const { blob = '' } = useParams();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['relatorio', blob],
    queryFn: () => buscarRelatorio(blob),
    retry: false,
  });
  // a report's id is its job's: follow the job while it processes, then read the finished report
  const tarefa = useAndamentoDaTarefa(data?.status === 'PROCESSANDO' ? blob : null, {
    aoEncerrar: () => void refetch(),
  });
  if (isPending) return <Estado titulo="Carregando o relatório…" texto="" carregando />;
  if (error) {
    const naoEncontrado = error instanceof HttpError && error.status === 404;
    return naoEncontrado ? (
      <Estado
        titulo={MSG_RELATORIO.naoEncontrado}
        texto="O link pode estar incorreto, o relatório pode ter expirado (os relatórios ficam disponíveis por 7 dias) ou ele pertence a outro usuário."
      />
    ) : (
      <Estado titulo="Não foi possível carregar o relatório." texto="Tente novamente em instantes." />
    );
  }
  // a failed or cancelled job ends before the server marks its report: the job's end is what counts
  const falhou = data.status === 'ERRO' || (tarefa && tarefaEncerrada(tarefa) && tarefa.status !== 'CONCLUIDO');
  if (data.status === 'PROCESSANDO' && !falhou) {
    return (
      <Estado
        titulo={MSG_RELATORIO.processando}
        texto={`${data.titulo}: esta página mostra o arquivo assim que ele ficar pronto. Você também será avisado pelo sino de notificações.`}
        carregando
      />
    );
  }
  if (falhou) {
    return (
      <Stack maw={640} mx="auto" mt="xl">
        <Alert color="red" title={MSG_RELATORIO.falhou} icon={<IconAlertTriangle />}>
          <Text fz="sm">{data.titulo}</Text>
          {(data.mensagemErro ?? tarefa?.erro) && <Text fz="sm">{data.mensagemErro ?? tarefa?.erro}</Text>}
        </Alert>
      </Stack>
    );
  }
  return <Arquivo r={data} />;
}
