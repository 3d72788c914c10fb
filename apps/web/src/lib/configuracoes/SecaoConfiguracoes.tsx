/**
 * The settings section of an area (issue #25.6): renders the area's declared parameters with their values,
 * for the company or, for store-level parameters, one of the user's stores; a switch saves at once, other
 * types with Salvar; "Usar o valor da empresa" / "Voltar ao padrão" drop the value at that level. Follows
 * changes made elsewhere (realtime `configuracoes.*`). The page passes the user's stores: no session here.
 */
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { MSG_CONFIGURACOES, type ParametroConfigurado } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../toasts';
import { falhaDaApi, toastDeErro } from '../erros';
import { ouvirRealtime } from '../realtime';
import { CampoParametro } from './CampoParametro';
import { gravarConfiguracao, lerConfiguracoes } from './configuracoes.api';

export interface LojaDaSecao {
  id: number;
  sigla: string;
}

const ORIGEM: Record<ParametroConfigurado['origem'], string> = {
  padrao: 'Padrão',
  assinante: 'Valor da empresa',
  loja: 'Desta loja',
};

export function SecaoConfiguracoes({
  area,
  titulo = 'Configurações',
  lojas = [],
}: {
  area: string;
  titulo?: string;
  lojas?: readonly LojaDaSecao[];
}) {
  const [lojaId, setLojaId] = useState<number | null>(null);
  const qc = useQueryClient();
  const chave = ['configuracoes', area, lojaId];
  const lista = useQuery({ queryKey: chave, queryFn: () => lerConfiguracoes(area, lojaId) });
  useEffect(() => {
    const atualizar = () => void qc.invalidateQueries({ queryKey: ['configuracoes', area] });
    const pararA = ouvirRealtime('configuracoes.alterada', atualizar);
    const pararB = ouvirRealtime('configuracoes.loja-alterada', atualizar);
    return () => {
      pararA();
      pararB();
    };
  }, [qc, area]);

  const porLoja = (lista.data?.items ?? []).some((p) => p.escopo === 'loja') || lojaId !== null;
  // at store level only the store's parameters; the company's own are set at company level
  const itens = (lista.data?.items ?? []).filter((p) => lojaId === null || p.escopo === 'loja');

  return (
    <Paper withBorder p="md" data-cy={`configuracoes-${area}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={18} fw={600}>
            {titulo}
          </Title>
          {porLoja && lojas.length > 0 && (
            <SegmentedControl
              size="xs"
              aria-label="Nível das configurações"
              data-cy="configuracoes-nivel"
              value={lojaId === null ? '' : String(lojaId)}
              onChange={(v) => setLojaId(v ? Number(v) : null)}
              data={[{ value: '', label: 'Empresa' }, ...lojas.map((l) => ({ value: String(l.id), label: l.sigla }))]}
            />
          )}
        </Group>
        {lista.isError && (
          <Alert color="red">{falhaDaApi(lista.error).message || 'Não foi possível carregar as configurações.'}</Alert>
        )}
        {itens.map((p) => (
          <LinhaParametro key={`${p.chave}@${lojaId ?? ''}`} p={p} lojaId={lojaId} chaveDaLista={chave} />
        ))}
      </Stack>
    </Paper>
  );
}

function LinhaParametro({
  p,
  lojaId,
  chaveDaLista,
}: {
  p: ParametroConfigurado;
  lojaId: number | null;
  chaveDaLista: unknown[];
}) {
  const qc = useQueryClient();
  const [valor, setValor] = useState<unknown>(p.valor);
  const [erro, setErro] = useState<string | undefined>();
  useEffect(() => setValor(p.valor), [p.valor]);
  const nivel = p.escopo === 'loja' ? lojaId : null;
  const salvar = useMutation({
    mutationFn: (v: unknown) => gravarConfiguracao(p.chave, nivel, v, p.versao),
    onSuccess: (r) => {
      setErro(undefined);
      toast({ type: 'success', title: 'Sucesso', message: `Configuração salva: ${p.rotulo}.` });
      qc.setQueryData(chaveDaLista, (antes: { items: ParametroConfigurado[] } | undefined) =>
        antes ? { ...antes, items: antes.items.map((i) => (i.chave === r.chave ? r : i)) } : antes,
      );
      void qc.invalidateQueries({ queryKey: ['configuracoes', p.area] });
    },
    onError: (e) => {
      const campo = falhaDaApi(e).erros.find((x) => x.campo === 'valor');
      if (campo) setErro(campo.mensagem);
      else toast(toastDeErro(e, { entidade: MSG_CONFIGURACOES.entidade }));
      setValor(p.valor);
      void qc.invalidateQueries({ queryKey: ['configuracoes', p.area] });
    },
  });
  const mudou = JSON.stringify(valor) !== JSON.stringify(p.valor);
  const desabilitado = !p.podeAlterar || salvar.isPending;
  const herdar = nivel !== null ? p.origem === 'loja' : p.origem === 'assinante';
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" data-cy="parametro" data-chave={p.chave}>
      <Stack gap={2} maw={560}>
        <Group gap="xs">
          <Text fw={600} fz="sm">
            {p.rotulo}
          </Text>
          <Badge size="xs" variant="light" color={p.origem === 'padrao' ? 'gray' : 'blue'} tt="none" data-cy="origem">
            {ORIGEM[p.origem]}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          {p.ajuda}
        </Text>
      </Stack>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <CampoParametro
          p={p}
          valor={valor}
          erro={erro}
          desabilitado={desabilitado}
          aoMudar={(v) => {
            setValor(v);
            setErro(undefined);
            if (p.tipo === 'booleano') salvar.mutate(v);
          }}
        />
        {p.tipo !== 'booleano' && mudou && (
          <Button size="xs" onClick={() => salvar.mutate(valor)} loading={salvar.isPending} data-cy="salvar-parametro">
            Salvar
          </Button>
        )}
        {herdar && p.podeAlterar && (
          <Button size="xs" variant="subtle" onClick={() => salvar.mutate(null)} data-cy="herdar-parametro">
            {nivel !== null ? 'Usar o valor da empresa' : 'Voltar ao padrão'}
          </Button>
        )}
      </Group>
    </Group>
  );
}
