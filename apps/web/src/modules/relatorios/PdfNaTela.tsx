/** A PDF generated while the user waited, shown at once in a modal with the browser's print and a download. */
import { Button, Group, Modal } from '@mantine/core';
import { IconDownload, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { salvarBlob } from '../../lib/download';
import type { Relatorio } from './relatorios.api';

export function PdfNaTela({ pdf, relatorio, aoFechar }: { pdf: Blob; relatorio: Relatorio; aoFechar: () => void }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' })), [pdf]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const quadro = useRef<HTMLIFrameElement>(null);
  const nome = relatorio.nomeArquivo ?? 'relatorio.pdf';
  return (
    <Modal opened onClose={aoFechar} size="90%" title={relatorio.titulo} data-cy="pdf-na-tela">
      <Group justify="flex-end" gap="sm" mb="sm">
        <Button
          variant="default"
          leftSection={<IconExternalLink size={16} />}
          component={Link}
          to={`/visualizacao-relatorio/${relatorio.id}`}
        >
          Abrir no visualizador
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => salvarBlob(pdf, nome)}>
          Baixar
        </Button>
        <Button
          leftSection={<IconPrinter size={16} />}
          onClick={() => quadro.current?.contentWindow?.print()}
          data-cy="pdf-imprimir"
        >
          Imprimir
        </Button>
      </Group>
      <iframe ref={quadro} src={url} title={relatorio.titulo} style={{ width: '100%', height: '70vh', border: 0 }} />
    </Modal>
  );
}
