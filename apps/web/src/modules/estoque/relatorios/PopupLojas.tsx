/**
 * The old screens' store picker ('Adição de loja'), kept with the ids UI robots use (api-compat C12):
 * `input[name=filtro.codigo]`, `#botaoPesquisarPopup`, one `#checkPopupPesquisa<código>` per store found and
 * `#botaoConcluirSelecaoPopupPesquisa`. It searches the user's own stores (the session's list) by code or
 * name; Concluir adds the checked ones to the selection. The store's code is its id, as in the old app.
 */
import { Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { LojaUsuario } from '../../../servicos/sessao/types';

const semAcento = (t: string) =>
  t
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The stores a search finds: digits are a code (exactly: 2 is not 12), else a part of the sigla or name; empty: all. */
export function lojasDaPesquisa(lojas: readonly LojaUsuario[], busca: string): LojaUsuario[] {
  const b = semAcento(busca.trim());
  if (!b) return [...lojas];
  if (/^\d+$/.test(b)) return lojas.filter((l) => l.id === Number(b));
  return lojas.filter((l) => semAcento(l.sigla ?? '').includes(b) || semAcento(l.fantasia ?? '').includes(b));
}

export function PopupLojas(p: {
  aberto: boolean;
  fechar: () => void;
  lojas: readonly LojaUsuario[];
  concluir: (ids: number[]) => void;
}) {
  const [busca, setBusca] = useState('');
  const [achadas, setAchadas] = useState<LojaUsuario[] | null>(null);
  const [marcadas, setMarcadas] = useState<Set<number>>(new Set());
  const fechar = () => {
    setBusca('');
    setAchadas(null);
    setMarcadas(new Set());
    p.fechar();
  };
  const pesquisar = () => setAchadas(lojasDaPesquisa(p.lojas, busca));
  const marcar = (id: number, sim: boolean) =>
    setMarcadas((m) => {
      const n = new Set(m);
      if (sim) n.add(id);
      else n.delete(id);
      return n;
    });
  return (
    <Modal opened={p.aberto} onClose={fechar} title="Adição de loja" size="lg" transitionProps={{ duration: 0 }}>
      <Stack gap="sm" data-cy="popup-lojas">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            pesquisar();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Código ou nome da loja"
              name="filtro.codigo"
              value={busca}
              onChange={(e) => setBusca(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" id="botaoPesquisarPopup" leftSection={<IconSearch size={16} />}>
              Pesquisar
            </Button>
          </Group>
        </form>
        {achadas && achadas.length === 0 && (
          <Text fz="sm" c="dimmed">
            Nenhuma das suas lojas corresponde à pesquisa.
          </Text>
        )}
        {achadas && achadas.length > 0 && (
          <Table striped withTableBorder aria-label="Lojas encontradas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>Código</Table.Th>
                <Table.Th>Loja</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {achadas.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Checkbox
                      id={`checkPopupPesquisa${l.id}`}
                      aria-label={`Selecionar a loja ${l.id}`}
                      checked={marcadas.has(l.id)}
                      onChange={(e) => marcar(l.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{l.id}</Table.Td>
                  <Table.Td>{[l.sigla, l.fantasia].filter(Boolean).join(' - ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={fechar}>
            Cancelar
          </Button>
          <Button
            id="botaoConcluirSelecaoPopupPesquisa"
            onClick={() => {
              p.concluir([...marcadas]);
              fechar();
            }}
          >
            Concluir seleção
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
