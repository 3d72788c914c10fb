/** The header's store: the one the screens start on, switched here for the session (app/shell/loja-atual). */
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useEffect } from 'react';
import { rotuloLoja } from '../../registers/contexto';
import { useSessao } from '../../servicos/sessao/store';
import { toast } from '../../lib/toasts';
import classes from './Header.module.css';
import { comLojaAtual, lembrarLojaAtual, lojaLembrada } from './loja-atual';

export function SeletorLoja() {
  const usuario = useSessao((s) => s.usuario);
  // after a reload the session comes back with the record's principal store: the choice is put back
  useEffect(() => {
    if (!usuario) return;
    const lembrada = lojaLembrada(usuario.id);
    if (lembrada === null) return;
    const ajustado = comLojaAtual(usuario, lembrada);
    if (ajustado !== usuario) useSessao.setState({ usuario: ajustado });
  }, [usuario]);
  if (!usuario || usuario.lojasUsuario.length === 0) return null;
  const atual = usuario.lojasUsuario.find((l) => l.principal) ?? usuario.lojasUsuario[0];
  if (!atual) return null;
  const trocar = (id: number) => {
    const u = useSessao.getState().usuario;
    if (!u) return;
    lembrarLojaAtual(u.id, id);
    const ajustado = comLojaAtual(u, id);
    useSessao.setState({ usuario: ajustado });
    const nova = ajustado.lojasUsuario.find((l) => l.id === id);
    if (nova) toast({ type: 'success', title: 'Loja atual', message: `Trabalhando na loja ${rotuloLoja(nova)}.` });
  };
  const unica = usuario.lojasUsuario.length === 1;
  return (
    <Menu position="bottom-end" width={260} shadow="md" disabled={unica}>
      <Menu.Target>
        <UnstyledButton
          className={classes.seletorLoja}
          aria-label={`Loja atual: ${rotuloLoja(atual)}${unica ? '' : '. Trocar de loja'}`}
          title={unica ? 'Sua loja' : 'Trocar de loja'}
          data-cy="seletor-loja"
        >
          <IconBuildingStore size={16} aria-hidden />
          <Text fz="sm" truncate className={classes.nomeLoja}>
            {rotuloLoja(atual)}
          </Text>
          {!unica && <IconChevronDown size={14} aria-hidden />}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Menu.Label>Trabalhar na loja</Menu.Label>
        {usuario.lojasUsuario.map((l) => (
          <Menu.Item
            key={l.id}
            onClick={() => trocar(l.id)}
            rightSection={l.id === atual.id ? <IconCheck size={14} /> : undefined}
            data-cy="seletor-loja-opcao"
          >
            {rotuloLoja(l)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
