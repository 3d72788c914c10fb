import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { folhasMenu, type MenuEntry } from '@retaguarda/domain';
import { IconClock, IconStar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useMenu, useMeuMenu } from '../../servicos/menu/menu';
import { CartoesContadores, ContadoresPorLoja, temPorLoja } from '../plataforma/contadores/CartoesContadores';
import { useContadores } from '../plataforma/contadores/contadores.store';
import { NotificacoesRecentes } from '../plataforma/contadores/NotificacoesRecentes';
import { lerRecentes } from '../../servicos/recentes';
import { useSessao } from '../../servicos/sessao/store';
import { IconeGrupo } from '../../ui/icones';
import { useAssinante } from '../../servicos/tema';
import { type AcaoKebab, MenuKebab } from '../../ui/MenuKebab';
import { contagem } from '../../ui/plural';
import classes from './PainelPage.module.css';

interface AtalhoProps {
  rota: string;
  titulo: string;
  grupo: string;
  trilha: string;
  acoes?: AcaoKebab[];
}

function Atalho({ rota, titulo, grupo, trilha, acoes }: AtalhoProps) {
  return (
    <Group gap={0} wrap="nowrap" className={classes.atalho}>
      <UnstyledButton component={Link} to={rota} className={classes.link}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md">
            <IconeGrupo grupo={grupo} size={20} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} fz="sm" truncate>
              {titulo}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {trilha}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
      {acoes && <MenuKebab acoes={acoes} rotulo={`Ações de ${titulo}`} />}
    </Group>
  );
}

function mover<T>(lista: T[], de: number, para: number): T[] {
  const copia = [...lista];
  const [item] = copia.splice(de, 1);
  if (item !== undefined) copia.splice(para, 0, item);
  return copia;
}

function trilhaDe(menu: MenuEntry[], rota?: string): string[] {
  return folhasMenu(menu).find((f) => f.entry.rota === rota)?.trilha ?? [];
}

/** Home: counters, recent notifications, shortcuts from "meu menu", recent screens and the areas. */
export function PainelPage() {
  const usuario = useSessao((s) => s.usuario);
  const assinante = useAssinante((s) => s.assinante);
  const { data: menu = [] } = useMenu();
  const { meuMenu, salvar } = useMeuMenu();
  const recentes = useMemo(() => lerRecentes(), []);
  const primeiroNome = (usuario?.nome ?? usuario?.username ?? '').split(' ')[0];
  const areas = menu.filter((e) => e.submenu);
  const porLoja = useContadores(temPorLoja);

  return (
    <Stack gap="lg" maw={1280}>
      <div>
        <Title order={1} fz={24}>
          Olá, {primeiroNome}!
        </Title>
        <Text c="dimmed">
          {assinante?.nome}
          {usuario?.lojasUsuario.length
            ? ` · ${contagem(usuario.lojasUsuario.length, 'loja', 'lojas')} com acesso`
            : ''}
        </Text>
      </div>

      <CartoesContadores />

      {/* side by side only from 1408 px: at 1366 the per-store table's last column was cut (#27.18) */}
      <SimpleGrid cols={{ base: 1, xl: porLoja ? 2 : 1 }} spacing="lg">
        <ContadoresPorLoja />
        <NotificacoesRecentes />
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg">
        <Group gap="xs" mb="sm">
          <IconStar size={18} />
          <Title order={2} fz="md">
            Meu menu
          </Title>
        </Group>
        {meuMenu.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Fixe suas telas favoritas clicando na estrela ao lado delas no menu lateral.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="sm">
            {meuMenu.map((e, i) => {
              const t = trilhaDe(menu, e.rota);
              const acoes: AcaoKebab[] = [
                {
                  label: 'Mover para antes',
                  aoClicar: () => void salvar(mover(meuMenu, i, i - 1)),
                  desabilitada: i === 0,
                },
                {
                  label: 'Mover para depois',
                  aoClicar: () => void salvar(mover(meuMenu, i, i + 1)),
                  desabilitada: i === meuMenu.length - 1,
                },
                {
                  label: 'Remover do meu menu',
                  cor: 'red',
                  aoClicar: () => void salvar(meuMenu.filter((m) => m.rota !== e.rota)),
                },
              ];
              return (
                <Atalho
                  key={e.id}
                  rota={e.rota ?? '/'}
                  titulo={e.descricao}
                  grupo={t[0] ?? ''}
                  trilha={t.join(' › ')}
                  acoes={acoes}
                />
              );
            })}
          </SimpleGrid>
        )}
      </Card>

      {recentes.length > 0 && (
        <Card withBorder radius="md" padding="lg">
          <Group gap="xs" mb="sm">
            <IconClock size={18} />
            <Title order={2} fz="md">
              Acessados recentemente
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="sm">
            {recentes.map((r) => (
              <Atalho
                key={r.caminho}
                rota={r.caminho}
                titulo={r.titulo}
                grupo={r.trilha[0] ?? ''}
                trilha={r.trilha.join(' › ')}
              />
            ))}
          </SimpleGrid>
        </Card>
      )}

      <div>
        <Title order={2} fz="md" mb="sm">
          Suas áreas
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {areas.map((a) => {
            const folhas = folhasMenu(a.submenu ?? []);
            return (
              <Card key={a.id} withBorder radius="md" padding="md">
                <Group gap="sm" mb={6} wrap="nowrap">
                  <ThemeIcon variant="light" radius="md">
                    <IconeGrupo grupo={a.descricao} size={18} />
                  </ThemeIcon>
                  <Text fw={600}>{a.descricao}</Text>
                  <Text fz="xs" c="dimmed" ml="auto">
                    {contagem(folhas.length, 'tela', 'telas')}
                  </Text>
                </Group>
                <Group gap={4} className={classes.links}>
                  {folhas.slice(0, 6).map(({ entry }) => (
                    <Anchor key={entry.id} component={Link} to={entry.rota ?? '/'} fz="sm">
                      {entry.descricao}
                    </Anchor>
                  ))}
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
