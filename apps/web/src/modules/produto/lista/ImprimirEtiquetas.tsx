/**
 * Shelf labels from the product list: the products of the page the user ticks, the stores (the main one first),
 * the label stock and the copies go to POST /api/v1/produto/impressao-etiqueta; the PDF is laid out as a job
 * and the bell links it when ready (the price shown is the offer running that day, else the sale price).
 */
import { Button, Checkbox, Group, Modal, NumberInput, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { comandoImpressaoEtiqueta, LAYOUTS_ETIQUETA, MSG_ETIQUETA, type NomeLayoutEtiqueta } from '@retaguarda/domain';
import { IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import type { Registro } from '../../../registers/api';
import { opcoesDeLojas, useContextoCadastros } from '../../../registers/contexto';
import { SelecaoMultipla } from '../../../ui/SelecaoMultipla';

const LAYOUTS = Object.entries(LAYOUTS_ETIQUETA).map(([value, l]) => ({ value, label: l.rotulo }));

const rotuloProduto = (p: Registro) =>
  [p.codigoInterno ?? p.codigo, p.descricao].filter((x) => x !== undefined && x !== null && x !== '').join(' - ');

export function ImprimirEtiquetas({ itens }: { itens: readonly Registro[] }) {
  const { lojas } = useContextoCadastros();
  const principal = lojas.find((l) => l.principal)?.id ?? lojas[0]?.id;
  const [aberto, setAberto] = useState(false);
  const [produtos, setProdutos] = useState<number[]>([]);
  const [lojasEscolhidas, setLojas] = useState<string[]>(principal !== undefined ? [String(principal)] : []);
  const [layout, setLayout] = useState<NomeLayoutEtiqueta>('A4-3x10');
  const [copias, setCopias] = useState(1);
  const imprimir = useComando(comandoImpressaoEtiqueta);
  const ids = itens.map((i) => Number(i.id));
  const todos = ids.length > 0 && ids.every((id) => produtos.includes(id));
  const alternar = (id: number) => setProdutos((ps) => (ps.includes(id) ? ps.filter((x) => x !== id) : [...ps, id]));

  async function enviar() {
    try {
      await imprimir.executar({
        lojas: lojasEscolhidas.map(Number),
        produtos,
        layout,
        copias,
      });
      toast({ type: 'success', title: MSG_ETIQUETA.titulo, message: MSG_ETIQUETA.iniciada });
      setAberto(false);
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_ETIQUETA.entidade }));
    }
  }

  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconTags size={16} />}
        onClick={() => setAberto(true)}
        data-cy="etiquetas-abrir"
      >
        Etiquetas
      </Button>
      <Modal opened={aberto} onClose={() => setAberto(false)} title="Imprimir etiquetas de gôndola" size="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fz="sm" fw={500}>
              Produtos desta página ({produtos.length} de {ids.length} marcados)
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setProdutos(todos ? [] : ids)}>
              {todos ? 'Desmarcar todos' : 'Marcar todos'}
            </Button>
          </Group>
          <ScrollArea.Autosize mah={240} type="auto">
            <Stack gap={6} data-cy="etiquetas-produtos">
              {itens.map((p) => (
                <Checkbox
                  key={String(p.id)}
                  label={rotuloProduto(p)}
                  checked={produtos.includes(Number(p.id))}
                  onChange={() => alternar(Number(p.id))}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <SelecaoMultipla
            label="Lojas"
            tamanho="sm"
            placeholder="Escolha as lojas"
            opcoes={opcoesDeLojas(lojas)}
            valor={lojasEscolhidas}
            aoSalvar={setLojas}
            data-cy="etiquetas-lojas"
          />
          <Group grow>
            <Select
              label="Modelo de etiqueta"
              data={LAYOUTS}
              value={layout}
              onChange={(v) => v && setLayout(v as NomeLayoutEtiqueta)}
              allowDeselect={false}
              data-cy="etiquetas-layout"
            />
            <NumberInput
              label="Cópias"
              min={1}
              max={50}
              value={copias}
              onChange={(v) => setCopias(Math.max(1, Math.min(50, Number(v) || 1)))}
              data-cy="etiquetas-copias"
            />
          </Group>
          <Text fz="xs" c="dimmed">
            O PDF é gerado em segundo plano: o sino avisa quando estiver pronto. O preço é o da oferta vigente no dia,
            senão o preço de venda.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAberto(false)}>
              Cancelar
            </Button>
            <Button
              onClick={enviar}
              loading={imprimir.enviando}
              disabled={!produtos.length || !lojasEscolhidas.length}
              data-cy="etiquetas-gerar"
            >
              Gerar PDF
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
