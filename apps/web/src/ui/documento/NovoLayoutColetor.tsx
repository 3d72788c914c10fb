/**
 * A new collector layout, saved for the whole company (inventory and purchasing configure it once):
 * delimited (separator and columns), fixed width (positions and sizes) or XLSX (columns). Validated by the
 * domain's `layoutColetorSalvo` before it is sent.
 */
import { Button, Collapse, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type LayoutColetorSalvo, layoutColetorSalvo } from '@retaguarda/domain';
import { useState } from 'react';

type Formato = 'DELIMITADO' | 'FIXO' | 'XLSX';
const num = (v: string | number) => (v === '' ? undefined : Number(v));

export function NovoLayoutColetor({ salvar }: { salvar: (l: LayoutColetorSalvo) => Promise<void> }) {
  const [aberto, setAberto] = useState(false);
  const [formato, setFormato] = useState<Formato>('DELIMITADO');
  const [v, setV] = useState<Record<string, string | number>>({
    nome: '',
    separador: ';',
    colunaCodigo: 1,
    colunaQuantidade: 2,
    linhasIgnoradas: 0,
  });
  const [erro, setErro] = useState<string | null>(null);
  const campo = (k: string, rotulo: string) => (
    <NumberInput key={k} label={rotulo} min={0} w={130} value={v[k] ?? ''} onChange={(x) => setV({ ...v, [k]: x })} />
  );
  const enviar = async () => {
    const layout =
      formato === 'DELIMITADO'
        ? {
            formato,
            separador: String(v.separador ?? ''),
            colunaCodigo: num(v.colunaCodigo ?? ''),
            colunaQuantidade: num(v.colunaQuantidade ?? '') ?? null,
          }
        : formato === 'FIXO'
          ? {
              formato,
              inicioCodigo: num(v.inicioCodigo ?? ''),
              tamanhoCodigo: num(v.tamanhoCodigo ?? ''),
              inicioQuantidade: num(v.inicioQuantidade ?? '') ?? null,
              tamanhoQuantidade: num(v.tamanhoQuantidade ?? '') ?? null,
              casasImplicitas: num(v.casasImplicitas ?? '') ?? 0,
            }
          : {
              formato,
              colunaCodigo: num(v.colunaCodigo ?? ''),
              colunaQuantidade: num(v.colunaQuantidade ?? '') ?? null,
            };
    const r = layoutColetorSalvo.safeParse({
      nome: v.nome,
      layout: { ...layout, linhasIgnoradas: num(v.linhasIgnoradas ?? '') ?? 0 },
    });
    if (!r.success) return setErro(r.error.issues[0]?.message ?? 'Layout inválido.');
    setErro(null);
    try {
      await salvar(r.data);
      setAberto(false);
    } catch (e) {
      setErro((e as Error).message);
    }
  };
  return (
    <div>
      <Button variant="subtle" size="compact-sm" onClick={() => setAberto((a) => !a)} data-cy="coletor-novo-layout">
        {aberto ? 'Fechar o novo layout' : 'Novo layout…'}
      </Button>
      <Collapse expanded={aberto}>
        <Stack gap="xs" mt="xs">
          <Group gap="sm" align="flex-end">
            <TextInput
              label="Nome"
              value={String(v.nome)}
              onChange={(e) => setV({ ...v, nome: e.currentTarget.value })}
            />
            <SegmentedControl
              value={formato}
              onChange={(f) => setFormato(f as Formato)}
              data={[
                { value: 'DELIMITADO', label: 'Delimitado' },
                { value: 'FIXO', label: 'Largura fixa' },
                { value: 'XLSX', label: 'Planilha' },
              ]}
            />
          </Group>
          <Group gap="sm" align="flex-end">
            {formato === 'DELIMITADO' && (
              <TextInput
                label="Separador"
                w={100}
                value={String(v.separador ?? '')}
                onChange={(e) => setV({ ...v, separador: e.currentTarget.value })}
              />
            )}
            {formato === 'FIXO'
              ? [
                  campo('inicioCodigo', 'Início do código'),
                  campo('tamanhoCodigo', 'Tamanho do código'),
                  campo('inicioQuantidade', 'Início da qtd.'),
                  campo('tamanhoQuantidade', 'Tamanho da qtd.'),
                  campo('casasImplicitas', 'Casas implícitas'),
                ]
              : [campo('colunaCodigo', 'Coluna do código'), campo('colunaQuantidade', 'Coluna da qtd.')]}
            {campo('linhasIgnoradas', 'Linhas de cabeçalho')}
          </Group>
          {erro && (
            <Text c="red" fz="sm">
              {erro}
            </Text>
          )}
          <Group justify="flex-end">
            <Button size="xs" onClick={() => void enviar()}>
              Salvar layout
            </Button>
          </Group>
        </Stack>
      </Collapse>
    </div>
  );
}
