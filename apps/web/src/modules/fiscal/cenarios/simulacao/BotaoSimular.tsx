/**
 * 'Simular' where a tax question comes up: the cenários list and a product's form (the product and the store
 * the user works in filled in, `?produtoId=&lojaId=` as the simulator reads them).
 */
import { Button } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSessao } from '../../../../servicos/sessao/store';

export const ROTA_SIMULADOR = '/fiscal/cenarios-fiscais/simular';

export function urlDoSimulador(produtoId?: string | number, lojaId?: number): string {
  const p = new URLSearchParams();
  if (produtoId !== undefined) p.set('produtoId', String(produtoId));
  if (lojaId !== undefined) p.set('lojaId', String(lojaId));
  const q = p.toString();
  return q ? `${ROTA_SIMULADOR}?${q}` : ROTA_SIMULADOR;
}

export function BotaoSimular({ produtoId, compacto = false }: { produtoId?: string; compacto?: boolean }) {
  const usuario = useSessao((s) => s.usuario);
  if (!usuario?.permissoes.includes('PERM_CENARIOS_FISCAIS_ACESSO')) return null;
  const loja = usuario.lojasUsuario.find((l) => l.principal) ?? usuario.lojasUsuario[0];
  return (
    <Button
      component={Link}
      to={urlDoSimulador(produtoId, produtoId !== undefined ? loja?.id : undefined)}
      variant={compacto ? 'subtle' : 'default'}
      size={compacto ? 'compact-sm' : 'sm'}
      leftSection={<IconCalculator size={16} />}
      data-cy="simular-tributacao"
    >
      {compacto ? 'Simular tributação' : 'Simular'}
    </Button>
  );
}
