/**
 * The plan's "Condição da loja" tab (domain.md §2.1): which of the user's stores offer the plan, for which
 * vigência, with their own max parcels, minimum parcel and fee. Editable only with the CONDICAO_PAGAMENTO_LOJA
 * permissions; the stores offered are the user's (store scope). An overlapping vigência comes back as the
 * API's 409 naming the condition it overlaps.
 */
import { Badge, Button, Group, NumberInput, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { dataBr, formatarDecimal } from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { dataDaTela } from '../../../lib/datas';
import { errosPorCampo, falhaDaApi, toastDeErro } from '../../../lib/erros';
import { formatarDinheiro } from '../../../lib/formato';
import { toast } from '../../../lib/toasts';
import { usePermissao } from '../../../servicos/sessao/permissao';
import { useSessao } from '../../../servicos/sessao/store';
import { type Condicao, condicoesDoPlano, type Plano, salvarCondicao } from './api';

const vazia = (planoPagamentoId: number, hoje: string): Condicao => ({
  ativo: true,
  lojaId: null,
  planoPagamentoId,
  maxParcelas: null,
  valorMinimoParcela: null,
  taxaAdministracao: null,
  vigenciaInicio: dataBr(hoje),
  vigenciaFim: null,
});

export function CondicoesDaLoja({ plano, hoje }: { plano: Plano; hoje: string }) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []);
  const podeIncluir = usePermissao(['PERM_CONDICAO_PAGAMENTO_LOJA_INCLUIR']);
  const podeEditar = usePermissao(['PERM_CONDICAO_PAGAMENTO_LOJA_EDITAR']);
  const qc = useQueryClient();
  const chave = ['condicoes-pagamento-loja', plano.id];
  const lista = useQuery({ queryKey: chave, queryFn: () => condicoesDoPlano(plano.id!) });
  const [edicao, setEdicao] = useState<Condicao | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const rotuloLoja = (id: number | null) => {
    const l = lojas.find((x) => x.id === id);
    return l ? `${l.id} - ${l.fantasia ?? l.sigla ?? ''}` : String(id ?? '');
  };

  const salvar = async () => {
    if (!edicao) return;
    setErros({});
    try {
      await salvarCondicao({
        ...edicao,
        vigenciaInicio: dataDaTela(edicao.vigenciaInicio),
        vigenciaFim: edicao.vigenciaFim ? dataDaTela(edicao.vigenciaFim) : null,
        taxaAdministracao: edicao.taxaAdministracao?.replace(',', '.') || null,
        valorMinimoParcela: edicao.valorMinimoParcela?.replace(',', '.') || null,
      });
      toast({ type: 'success', title: 'Sucesso', message: 'Condição da loja salva.' });
      setEdicao(null);
      await qc.invalidateQueries({ queryKey: chave });
    } catch (e) {
      setErros(errosPorCampo(falhaDaApi(e).erros).campos);
      toast(toastDeErro(e, { entidade: 'condições de pagamento da loja' }));
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          As lojas onde o plano “{plano.descricao}” pode ser oferecido, e em que período.
        </Text>
        <Button
          size="sm"
          leftSection={<IconPlus size={16} />}
          disabled={!podeIncluir || edicao !== null}
          onClick={() => setEdicao(vazia(plano.id!, hoje))}
          data-cy="nova-condicao"
        >
          Nova condição
        </Button>
      </Group>
      {edicao && (
        <Stack gap="xs" p="sm" bd="1px solid var(--mantine-color-gray-3)" data-cy="form-condicao">
          <Group align="flex-end">
            <Select
              label="Loja"
              required
              w={240}
              data={lojas.filter((l) => l.ativo).map((l) => ({ value: String(l.id), label: rotuloLoja(l.id) }))}
              value={edicao.lojaId ? String(edicao.lojaId) : null}
              error={erros.lojaId}
              data-cy="condicao-loja"
              onChange={(v) => setEdicao({ ...edicao, lojaId: v ? Number(v) : null })}
            />
            <TextInput
              label="Início da vigência"
              required
              w={150}
              placeholder="dd/mm/aaaa"
              value={edicao.vigenciaInicio}
              error={erros.vigenciaInicio}
              data-cy="condicao-inicio"
              onChange={(e) => setEdicao({ ...edicao, vigenciaInicio: e.currentTarget.value })}
            />
            <TextInput
              label="Fim da vigência"
              w={150}
              placeholder="dd/mm/aaaa"
              value={edicao.vigenciaFim ?? ''}
              error={erros.vigenciaFim}
              onChange={(e) => setEdicao({ ...edicao, vigenciaFim: e.currentTarget.value || null })}
            />
            <NumberInput
              label="Máximo de parcelas"
              w={150}
              min={1}
              max={99}
              allowDecimal={false}
              value={edicao.maxParcelas ?? ''}
              error={erros.maxParcelas}
              onChange={(v) => setEdicao({ ...edicao, maxParcelas: v === '' ? null : Number(v) })}
            />
            <TextInput
              label="Parcela mínima (R$)"
              w={150}
              inputMode="decimal"
              value={edicao.valorMinimoParcela ?? ''}
              error={erros.valorMinimoParcela}
              onChange={(e) => setEdicao({ ...edicao, valorMinimoParcela: e.currentTarget.value || null })}
            />
            <TextInput
              label="Taxa (%)"
              w={110}
              inputMode="decimal"
              value={edicao.taxaAdministracao ?? ''}
              error={erros.taxaAdministracao}
              onChange={(e) => setEdicao({ ...edicao, taxaAdministracao: e.currentTarget.value || null })}
            />
            <Switch
              label="Ativa"
              mb={8}
              checked={edicao.ativo}
              onChange={(e) => setEdicao({ ...edicao, ativo: e.currentTarget.checked })}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEdicao(null)}>
              Cancelar
            </Button>
            <Button onClick={salvar} data-cy="salvar-condicao">
              Salvar condição
            </Button>
          </Group>
        </Stack>
      )}
      <Table withTableBorder striped data-cy="tabela-condicoes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Código</Table.Th>
            <Table.Th>Loja</Table.Th>
            <Table.Th>Vigência</Table.Th>
            <Table.Th>Máx. parcelas</Table.Th>
            <Table.Th>Parcela mínima</Table.Th>
            <Table.Th>Taxa</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(lista.data?.items ?? []).map((c) => (
            <Table.Tr key={c.id} data-cy="linha-condicao">
              <Table.Td>{c.id}</Table.Td>
              <Table.Td>{rotuloLoja(c.lojaId)}</Table.Td>
              <Table.Td>
                {dataBr(c.vigenciaInicio)} {c.vigenciaFim ? `a ${dataBr(c.vigenciaFim)}` : 'em diante'}
              </Table.Td>
              <Table.Td>{c.maxParcelas ?? plano.quantidadeParcelas}</Table.Td>
              <Table.Td>{c.valorMinimoParcela ? formatarDinheiro(c.valorMinimoParcela) : '—'}</Table.Td>
              <Table.Td>{c.taxaAdministracao ? `${formatarDecimal(c.taxaAdministracao)} %` : '—'}</Table.Td>
              <Table.Td>
                <Badge color={c.ativo ? 'green' : 'gray'} variant="light">
                  {c.ativo ? 'Ativa' : 'Inativa'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  disabled={!podeEditar || edicao !== null}
                  onClick={() =>
                    setEdicao({
                      ...c,
                      vigenciaInicio: dataBr(c.vigenciaInicio),
                      vigenciaFim: c.vigenciaFim ? dataBr(c.vigenciaFim) : null,
                      taxaAdministracao: c.taxaAdministracao ? c.taxaAdministracao.replace('.', ',') : null,
                      valorMinimoParcela: c.valorMinimoParcela ? c.valorMinimoParcela.replace('.', ',') : null,
                    })
                  }
                >
                  Editar
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lista.data && !lista.data.items.length && (
        <Text size="sm" c="dimmed">
          Nenhuma loja oferece este plano ainda.
        </Text>
      )}
    </Stack>
  );
}
