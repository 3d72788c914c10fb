/** Header button for administrators when a newer build is published: opens the update offer. */
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useSessao } from '../../../servicos/sessao/store';
import { versaoCompleta } from './atualizacao.api';
import { atualizacaoDisponivel } from './atualizacao.regras';
import { useAtualizacao } from './atualizacao.store';

export function AvisoAtualizacao() {
  const admin = useSessao((s) => s.usuario?.administrador === true);
  const { atual, maisRecente, abrirOferta } = useAtualizacao();
  if (!admin || !maisRecente || !atualizacaoDisponivel(atual, maisRecente)) return null;
  const rotulo = `Atualização disponível: build ${versaoCompleta(maisRecente)}`;
  return (
    <Tooltip label={rotulo}>
      <Indicator size={8} color="orange" offset={4}>
        <ActionIcon variant="subtle" color="white" size="lg" onClick={abrirOferta} aria-label={rotulo}>
          <IconCloudDownload size={22} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
