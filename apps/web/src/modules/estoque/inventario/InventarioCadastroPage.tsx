/**
 * /cadastroInventario: a new inventory — store, location (active, countable, not in transit), description,
 * type (GERAL, or PARCIAL / ROTATIVO by sections), the reference instant (the store's wall clock, default now),
 * blind count and number of counts. Saved through its command face; then its count screen opens.
 */
import { Button, Checkbox, Grid, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { comandoInventario, MSG_INVENTARIO, type TipoInventario, textoLocal } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { zonaDe } from '../../../lib/datas';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { aposNavegar } from '../../../servicos/navegacao/navegacao';
import { opcoesDeLojas } from '../../../registers/contexto';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { useIrPara } from './navegar';
import { listarLocais } from '../api';
import { listarSecoes } from './api';
import { ROTULO_TIPO } from './rotulos';

export function InventarioCadastroPage() {
  const navigate = useIrPara();
  const { titulo } = useRotaAtual();
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const principal = lojas.find((l) => l.principal) ?? lojas[0];
  const [lojaId, setLojaId] = useState<number | null>(principal?.id ?? null);
  const [localId, setLocalId] = useState<number | null>(null);
  const [descricao, setDescricao] = useState('');
  const [tipo, setTipo] = useState<TipoInventario>('GERAL');
  const [secoes, setSecoes] = useState<string[]>([]);
  const [referencia, setReferencia] = useState(() => textoLocal(new Date(), zonaDe(principal)).slice(0, 16));
  const [cega, setCega] = useState(false);
  const [contagens, setContagens] = useState('1');
  const [erros, setErros] = useState<Record<string, string>>({});
  const comando = useComando(comandoInventario);
  const locais = useQuery({
    queryKey: ['locais-estoque', lojaId],
    queryFn: async () => (await listarLocais(lojaId!)).filter((l) => l.tipo !== 'TRANSITO'),
    enabled: !!lojaId,
  });
  const listaSecoes = useQuery({ queryKey: ['secoes'], queryFn: listarSecoes, enabled: tipo !== 'GERAL' });
  useEffect(() => {
    const l = locais.data;
    if (l?.length && !l.some((x) => x.id === localId)) setLocalId((l.find((x) => x.tipo === 'LOJA') ?? l[0]!).id);
  }, [locais.data, localId]);

  const salvar = async () => {
    setErros({});
    try {
      const r = await comando.executar({
        lojaId: lojaId ?? 0,
        localId: localId ?? 0,
        descricao,
        tipo,
        dataReferencia: referencia,
        escopo: tipo === 'GERAL' ? null : { secoes: secoes.map(Number) },
        contagemCega: cega,
        numeroContagens: Number(contagens),
      });
      aposNavegar({ type: 'success', title: 'Sucesso', message: MSG_INVENTARIO.incluido(r.id) });
      navigate(`/inventario/${r.id}`);
    } catch (e) {
      const f = falhaDaApi(e);
      if (f?.erros?.length) setErros(Object.fromEntries(f.erros.map((x) => [x.campo, x.mensagem])));
      toast(toastDeErro(e, { entidade: MSG_INVENTARIO.entidade }));
    }
  };

  return (
    <Stack gap="sm" data-cy="form-inventario">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Loja"
            required
            searchable
            data={opcoesDeLojas(lojas)}
            value={lojaId ? String(lojaId) : null}
            onChange={(v) => setLojaId(v ? Number(v) : null)}
            error={erros.lojaId}
            data-cy="inventario-loja"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Local de estoque"
            required
            data={(locais.data ?? []).map((l) => ({ value: String(l.id), label: l.descricao }))}
            value={localId ? String(localId) : null}
            onChange={(v) => setLocalId(v ? Number(v) : null)}
            error={erros.localId}
            data-cy="inventario-local"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Descrição"
            required
            value={descricao}
            onChange={(e) => setDescricao(e.currentTarget.value)}
            error={erros.descricao}
            data-cy="inventario-descricao"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Tipo"
            required
            data={(Object.keys(ROTULO_TIPO) as TipoInventario[]).map((t) => ({ value: t, label: ROTULO_TIPO[t] }))}
            value={tipo}
            onChange={(v) => setTipo((v as TipoInventario) ?? 'GERAL')}
            data-cy="inventario-tipo"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="Data de referência"
            description="O saldo esperado é o desse momento (horário da loja)"
            type="datetime-local"
            required
            value={referencia}
            onChange={(e) => setReferencia(e.currentTarget.value)}
            error={erros.dataReferencia}
            data-cy="inventario-referencia"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Select
            label="Contagens"
            data={['1', '2', '3']}
            value={contagens}
            onChange={(v) => setContagens(v ?? '1')}
            error={erros.numeroContagens}
            data-cy="inventario-contagens"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }} pt={34}>
          <Checkbox
            label="Contagem cega (oculta o saldo esperado)"
            checked={cega}
            onChange={(e) => setCega(e.currentTarget.checked)}
            data-cy="inventario-cega"
          />
        </Grid.Col>
        {tipo !== 'GERAL' && (
          <Grid.Col span={12}>
            <MultiSelect
              label="Seções do escopo"
              required
              searchable
              data={(listaSecoes.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.descricao }))}
              value={secoes}
              onChange={setSecoes}
              error={erros.escopo}
              data-cy="inventario-secoes"
            />
          </Grid.Col>
        )}
      </Grid>
      <Text fz="xs" c="dimmed">
        Um só inventário aberto por local. A contagem começa em "Iniciar contagem", na tela do inventário.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate('/inventario')}>
          Voltar
        </Button>
        <Button onClick={() => void salvar()} loading={comando.enviando} data-cy="botao-salvar">
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
