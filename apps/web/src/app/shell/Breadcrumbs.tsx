import { Anchor, Breadcrumbs as MBreadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

export function Breadcrumbs({ trilha, titulo }: { trilha: readonly string[]; titulo: string }) {
  const naHome = trilha.length === 0 && titulo === 'Painel';
  return (
    <MBreadcrumbs separator="›" separatorMargin={6} aria-label="Trilha de navegação" data-cy="breadcrumb">
      {naHome ? (
        <Text fz="sm" fw={600}>
          Painel
        </Text>
      ) : (
        <Anchor component={Link} to="/" fz="sm" c="dimmed">
          Painel
        </Anchor>
      )}
      {trilha.map((item) => (
        <Text key={item} fz="sm" c="dimmed">
          {item}
        </Text>
      ))}
      {!naHome && (
        <Text fz="sm" fw={600} aria-current="page">
          {titulo}
        </Text>
      )}
    </MBreadcrumbs>
  );
}
