import {
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconDeviceDesktop,
  IconFolder,
  IconPackages,
  IconReceiptTax,
  IconSettings,
  IconShoppingBag,
  IconShoppingCart,
  IconTag,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Icone = ComponentType<{ size?: number; stroke?: number }>;

const ICONES: Record<string, Icone> = {
  Administrativo: IconSettings,
  Compras: IconShoppingCart,
  Estoque: IconPackages,
  Financeiro: IconCash,
  Fiscal: IconReceiptTax,
  'Frente de loja': IconDeviceDesktop,
  Pessoa: IconUsers,
  Produto: IconTag,
  Venda: IconShoppingBag,
  Dashboards: IconChartBar,
  Loja: IconBuildingStore,
};

export function IconeGrupo({ grupo, size = 20 }: { grupo: string; size?: number }) {
  const I = ICONES[grupo] ?? IconFolder;
  return <I size={size} stroke={1.6} />;
}
