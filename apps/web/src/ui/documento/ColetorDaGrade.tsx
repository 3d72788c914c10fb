/**
 * Collector files into the grid: a file sent (the upload widget, kind `coletor`) or a list pasted, read on
 * the server by the ONE reader under a layout the tenant saved ("EAN;QTD", fixed width, XLSX…); the lines
 * whose code resolved are added to the grid (a product read twice adds up), the others are listed with why.
 */
import { Alert, Button, Group, List, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import type { LayoutColetorSalvo, ResultadoLeituraColetor } from '@retaguarda/domain';
import { IconFileImport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { UploadArquivo } from '../UploadArquivo';
import { NovoLayoutColetor } from './NovoLayoutColetor';
import type { FontesDaGrade, ProdutoDaGrade } from './tipos';

export interface LinhaDoColetor {
  produto: Omit<ProdutoDaGrade, 'fator'>;
  /** API text, in the sale unit (× the code's factor) */
  quantidade: string;
}

interface Props {
  lojaId: number | null;
  fontes: FontesDaGrade;
  aoLer: (linhas: LinhaDoColetor[]) => void;
}

export function ColetorDaGrade({ lojaId, fontes, aoLer }: Props) {
  const [aberto, setAberto] = useState(false);
  const [layouts, setLayouts] = useState<LayoutColetorSalvo[]>([]);
  const [layout, setLayout] = useState('EAN;QTD');
  const [texto, setTexto] = useState('');
  const [resumo, setResumo] = useState<{ lidas: number; problemas: string[] } | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const carregar = () =>
    fontes.coletor.layouts().then(setLayouts, (e: Error) => setErro(e.message || 'Não foi possível ler os layouts.'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded each time the window opens
  useEffect(() => {
    if (aberto) void carregar();
  }, [aberto]);

  const aplicar = (r: ResultadoLeituraColetor) => {
    const boas = r.itens.filter((l) => l.produtoId && l.quantidade && !l.motivo);
    aoLer(
      boas.map((l) => ({
        produto: {
          id: l.produtoId!,
          descricao: l.descricao ?? '',
          codigo: l.codigo,
          unidade: l.unidade,
          casas: l.casasDecimais,
        },
        quantidade: l.quantidade!,
      })),
    );
    const problemas = [
      ...r.itens.filter((l) => l.motivo).map((l) => `Linha ${l.linha} (${l.codigo}): ${l.motivo}`),
      ...r.falhas.map((f) => `Linha ${f.linha}: ${f.mensagem}`),
    ];
    setResumo({ lidas: boas.length, problemas });
    if (!problemas.length) setAberto(false);
  };
  const ler = async (e: { arquivoId?: string; texto?: string }) => {
    if (!lojaId) return setErro('Escolha a loja antes de ler o coletor.');
    setErro(null);
    try {
      aplicar(await fontes.coletor.ler({ lojaId, layoutNome: layout, ...e }));
      setTexto('');
    } catch (x) {
      setErro((x as Error).message || 'Não foi possível ler o arquivo.');
    }
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => {
          setResumo(null);
          setAberto(true);
        }}
        data-cy="coletor-abrir"
      >
        Coletor
      </Button>
      {resumo && !aberto && (
        <Text fz="sm" c="dimmed" data-cy="coletor-resumo">
          {resumo.lidas} {resumo.lidas === 1 ? 'linha lida' : 'linhas lidas'} do coletor.
        </Text>
      )}
      <Modal opened={aberto} onClose={() => setAberto(false)} title="Arquivo do coletor" size="lg">
        <Stack gap="sm" data-cy="coletor">
          <Select
            label="Layout"
            data={layouts.map((l) => l.nome)}
            value={layout}
            onChange={(v) => setLayout(v ?? 'EAN;QTD')}
            allowDeselect={false}
            data-cy="coletor-layout"
          />
          <NovoLayoutColetor
            salvar={async (l) => {
              await fontes.coletor.salvarLayout(l);
              await carregar();
              setLayout(l.nome);
            }}
          />
          <UploadArquivo
            rotulo="Arquivo do coletor"
            extensoes={['.txt', '.csv', '.xlsx']}
            limiteBytes={50 * 1024 * 1024}
            enviar={fontes.coletor.enviar}
            aoEnviar={(r) => void ler({ arquivoId: r.id })}
          />
          <Textarea
            label="Ou cole as linhas"
            placeholder={'7891234567895;2\n7891234567901;1,5'}
            autosize
            minRows={3}
            maxRows={10}
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            data-cy="coletor-texto"
          />
          <Group justify="flex-end">
            <Button onClick={() => void ler({ texto })} disabled={!texto.trim()} data-cy="coletor-ler">
              Ler linhas coladas
            </Button>
          </Group>
          {erro && (
            <Alert color="red" data-cy="coletor-erro">
              {erro}
            </Alert>
          )}
          {resumo && resumo.problemas.length > 0 && (
            <Alert
              color="yellow"
              title={`${resumo.lidas} lidas; estas linhas ficaram de fora:`}
              data-cy="coletor-problemas"
            >
              <List size="sm">
                {resumo.problemas.slice(0, 50).map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
              {resumo.problemas.length > 50 && <Text fz="sm">… e mais {resumo.problemas.length - 50}.</Text>}
            </Alert>
          )}
        </Stack>
      </Modal>
    </>
  );
}
