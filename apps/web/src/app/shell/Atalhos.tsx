/**
 * The keyboard of the whole app: '/' goes to the search of the list on screen, '?' opens the sheet of
 * every shortcut. Neither fires while typing in a field (a '/' in a description is a slash).
 */
import { Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useEffect } from 'react';
import { create } from 'zustand';
import { digitando } from '../../ui/digitando';

/** The search field a list offers to '/' (the register lists' quick search and any screen that opts in). */
export const ATRIBUTO_BUSCA = 'data-atalho-busca';

export const useFolhaAtalhos = create<{ aberta: boolean; abrir: (a: boolean) => void }>((set) => ({
  aberta: false,
  abrir: (aberta) => set({ aberta }),
}));

interface Atalho {
  teclas: string[];
  oQue: string;
}

export const ATALHOS: { grupo: string; itens: Atalho[] }[] = [
  {
    grupo: 'Em qualquer tela',
    itens: [
      {
        teclas: ['Ctrl', 'K'],
        oQue: 'Buscar uma tela ou um registro (produto por código, EAN ou descrição; fornecedor por CNPJ ou nome)',
      },
      { teclas: ['?'], oQue: 'Mostrar esta lista de atalhos' },
      { teclas: ['/'], oQue: 'Ir para a pesquisa da lista' },
    ],
  },
  {
    grupo: 'Listas',
    itens: [
      { teclas: ['↑', '↓'], oQue: 'Mover a seleção entre as linhas' },
      { teclas: ['Enter'], oQue: 'Abrir o registro selecionado (um clique na linha também abre)' },
      { teclas: ['Alt', 'N'], oQue: 'Incluir um novo registro' },
    ],
  },
  {
    grupo: 'Formulários',
    itens: [
      { teclas: ['Enter'], oQue: 'Ir para o próximo campo (no último campo, salva)' },
      { teclas: ['Ctrl', 'S'], oQue: 'Salvar' },
      { teclas: ['Esc'], oQue: 'Sair do formulário (pergunta antes se houver alterações não salvas)' },
    ],
  },
];

function focarBusca(): boolean {
  const campo = [...document.querySelectorAll<HTMLInputElement>(`input[${ATRIBUTO_BUSCA}]`)].find((c) => !c.disabled);
  if (!campo) return false;
  campo.focus();
  campo.select();
  return true;
}

export function Atalhos() {
  const aberta = useFolhaAtalhos((s) => s.aberta);
  const abrir = useFolhaAtalhos((s) => s.abrir);
  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || digitando(e.target)) return;
      if (e.key === '/' && focarBusca()) e.preventDefault();
      else if (e.key === '?') {
        e.preventDefault();
        abrir(true);
      }
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, [abrir]);
  return (
    <Modal opened={aberta} onClose={() => abrir(false)} title="Atalhos do teclado" size="lg" data-cy="folha-atalhos">
      <Stack gap="md">
        {ATALHOS.map((g) => (
          <div key={g.grupo}>
            <Title order={3} fz="sm" fw={600} mb={4}>
              {g.grupo}
            </Title>
            <Table verticalSpacing={4} fz="sm">
              <Table.Tbody>
                {g.itens.map((a) => (
                  <Table.Tr key={`${g.grupo}-${a.oQue}`}>
                    <Table.Td w={130} style={{ whiteSpace: 'nowrap' }}>
                      {a.teclas.map((t, i) => (
                        <Fragment key={t}>
                          {i > 0 && (
                            <Text span fz="xs" c="dimmed">
                              {' + '}
                            </Text>
                          )}
                          <Kbd size="xs">{t}</Kbd>
                        </Fragment>
                      ))}
                    </Table.Td>
                    <Table.Td>{a.oQue}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ))}
      </Stack>
    </Modal>
  );
}
