import { Tabs } from '@mantine/core';

export interface Aba {
  label: string;
  id?: string;
}

const chave = (a: Aba) => a.id ?? a.label;

/** Tabs (spec §2.3): items with label and optional id; selecting another tab changes the selected one. */
export function Abas({
  itens,
  selecionada,
  aoSelecionar,
}: {
  itens: readonly Aba[];
  selecionada: string;
  aoSelecionar: (id: string) => void;
}) {
  return (
    <Tabs value={selecionada} onChange={(v) => v && v !== selecionada && aoSelecionar(v)}>
      <Tabs.List>
        {itens.map((a) => (
          <Tabs.Tab key={chave(a)} value={chave(a)} id={a.id}>
            {a.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
