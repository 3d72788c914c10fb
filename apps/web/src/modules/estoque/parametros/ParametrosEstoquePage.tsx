/**
 * /estoque/parametros: the stock area's settings (settings kit: the inventory switch for the company, whether
 * each store accepts negative balances) and, per store, up to which day the stock is closed (close:
 * PERM_FECHAMENTO_ESTOQUE_INCLUIR; reopen: administrators).
 */
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  type ConfiguracaoEstoque,
  comandoFechamentoEstoque,
  comandoReaberturaEstoque,
  comandoRecalculoCustoMedio,
  MSG_CONFIGURACAO_ESTOQUE,
} from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { useParametroDeAcao } from '../../../lib/useParametroDeAcao';
import { toast } from '../../../lib/toasts';
import { SecaoConfiguracoes } from '../../../lib/configuracoes/SecaoConfiguracoes';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { formatarData, formatarDataHora } from '../../../lib/formato';
import { isoDeDataBr } from '../../../registers/fields/data';
import { useComando } from '../../../lib/comando/useComando';
import { listarParametros } from './parametros.api';

const ENTIDADE = MSG_CONFIGURACAO_ESTOQUE.entidade;
type Acao = { tipo: 'fechar' | 'reabrir' | 'recalcular'; loja: ConfiguracaoEstoque };

export function ParametrosEstoquePage() {
  const { titulo } = useRotaAtual();
  const usuario = useSessao((s) => s.usuario);
  const admin = usuario?.administrador ?? false;
  const podeFechar = usuario?.permissoes.includes('PERM_FECHAMENTO_ESTOQUE_INCLUIR') ?? false;
  const qc = useQueryClient();
  const lojas = useQuery({ queryKey: ['estoque-parametros'], queryFn: listarParametros });
  const [acao, setAcao] = useState<Acao | null>(null);
  const atualizar = () => qc.invalidateQueries({ queryKey: ['estoque-parametros'] });
  // Ctrl+K's 'Fechar estoque': the closing of the store the user is working in
  useParametroDeAcao('acao', (v) => {
    if (v !== 'fechar' || !podeFechar) return undefined;
    if (!lojas.data) return false;
    const atual = usuario?.lojasUsuario.find((l) => l.principal)?.id;
    const loja = lojas.data.items.find((l) => l.lojaId === atual) ?? lojas.data.items[0];
    if (loja) setAcao({ tipo: 'fechar', loja });
    return undefined;
  });

  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <SecaoConfiguracoes
        area="estoque"
        titulo="Configurações de estoque"
        lojas={(lojas.data?.items ?? []).map((l) => ({ id: l.lojaId, sigla: l.sigla }))}
      />
      <Title order={2} fz={18} fw={600}>
        Fechamento
      </Title>
      <Text fz="sm" c="dimmed">
        Movimentos com data igual ou anterior ao fechamento não são aceitos.
      </Text>
      {lojas.isError && (
        <Alert color="red">{falhaDaApi(lojas.error).message || 'Não foi possível carregar as lojas.'}</Alert>
      )}
      <Table striped highlightOnHover data-cy="tabela-parametros">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Loja</Table.Th>
            <Table.Th>Estoque fechado até</Table.Th>
            <Table.Th>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(lojas.data?.items ?? []).map((l) => (
            <Table.Tr key={l.lojaId} data-cy="parametros-loja" data-sigla={l.sigla}>
              <Table.Td>
                <Text fw={600} span>
                  {l.sigla}
                </Text>{' '}
                <Text span c="dimmed">
                  {l.nome}
                </Text>
              </Table.Td>
              <Table.Td data-cy="fechado-ate">
                {l.fechadoAte ? (
                  <span title={l.fechamentoAlteradoEm ? `Alterado em ${formatarDataHora(l.fechamentoAlteradoEm)}` : ''}>
                    {formatarData(l.fechadoAte)}
                  </span>
                ) : (
                  <Badge variant="light" color="gray" tt="none">
                    Aberto
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {podeFechar && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setAcao({ tipo: 'fechar', loja: l })}
                      data-cy="botao-fechar"
                    >
                      Fechar estoque…
                    </Button>
                  )}
                  {admin && l.fechadoAte && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="orange"
                      onClick={() => setAcao({ tipo: 'reabrir', loja: l })}
                      data-cy="botao-reabrir"
                    >
                      Reabrir…
                    </Button>
                  )}
                  {admin && (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setAcao({ tipo: 'recalcular', loja: l })}
                      data-cy="botao-recalcular"
                    >
                      Recalcular custo médio…
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!admin && (
        <Text fz="xs" c="dimmed">
          Somente administradores mudam as configurações de estoque e reabrem o estoque.
        </Text>
      )}
      {acao && <DialogoFechamento acao={acao} aoFechar={() => setAcao(null)} aoConcluir={atualizar} />}
    </Stack>
  );
}

const TEXTOS: Record<Acao['tipo'], { titulo: string; explicacao: string; campo: string; botao: string }> = {
  fechar: {
    titulo: 'Fechar o estoque da loja',
    explicacao: 'Movimentos com data igual ou anterior a esta deixam de ser aceitos.',
    campo: 'Fechar até',
    botao: 'Fechar estoque',
  },
  reabrir: {
    titulo: 'Reabrir o estoque da loja',
    explicacao: 'Informe uma data anterior ao fechamento atual, ou deixe em branco para reabrir todo o estoque.',
    campo: 'Nova data de fechamento',
    botao: 'Reabrir',
  },
  recalcular: {
    titulo: 'Recalcular o custo médio da loja',
    explicacao:
      'Os movimentos a partir desta data têm o custo médio refeito na ordem das datas (útil depois de entradas retroativas). Períodos fechados não são alterados.',
    campo: 'Recalcular desde',
    botao: 'Recalcular',
  },
};

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

function DialogoFechamento({
  acao,
  aoFechar,
  aoConcluir,
}: {
  acao: Acao;
  aoFechar: () => void;
  aoConcluir: () => void;
}) {
  const { loja, tipo } = acao;
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  // one Idempotency-Key per submission: a double click posts once, another date is another submission
  const recalculo = useComando(comandoRecalculoCustoMedio);
  const fechamento = useComando(comandoFechamentoEstoque);
  const reabertura = useComando(comandoReaberturaEstoque);
  const rotulos = TEXTOS[tipo];
  // what the command will do, in words, before it is confirmed
  const dataDigitada = isoDeDataBr(texto.trim());
  const efeito =
    tipo === 'fechar' && dataDigitada
      ? `Movimentos da loja ${loja.sigla} até ${formatarData(dataDigitada)} deixarão de ser aceitos.`
      : null;
  const salvar = useMutation({
    mutationFn: async (data: string | null): Promise<string> => {
      if (tipo === 'recalcular') {
        const r = await recalculo.executar({ lojaId: loja.lojaId, desde: data ?? '' });
        return `Custo médio da loja ${loja.sigla} recalculado desde ${formatarData(r.desde)}: ${plural(r.produtos.length, 'produto', 'produtos')}, ${plural(r.movimentos, 'movimento', 'movimentos')}.`;
      }
      const f =
        tipo === 'fechar'
          ? await fechamento.executar({ lojaId: loja.lojaId, fechadoAte: data ?? '' })
          : await reabertura.executar({ lojaId: loja.lojaId, fechadoAte: data });
      return f.fechadoAte
        ? `Estoque da loja ${f.sigla} fechado até ${formatarData(f.fechadoAte)}.`
        : `Estoque da loja ${f.sigla} reaberto.`;
    },
    onSuccess: (message) => {
      toast({ type: 'success', title: 'Sucesso', message });
      aoConcluir();
      aoFechar();
    },
    onError: (e) => {
      const campo = falhaDaApi(e).erros.find((x) => x.campo === 'fechadoAte' || x.campo === 'desde');
      if (campo) setErro(campo.mensagem);
      else toast(toastDeErro(e, { entidade: ENTIDADE }));
    },
  });
  const confirmar = () => {
    const t = texto.trim();
    if (!t && tipo === 'reabrir') return salvar.mutate(null);
    const iso = isoDeDataBr(t);
    if (!iso) return setErro('Informe uma data válida no formato dd/mm/aaaa.');
    setErro(null);
    salvar.mutate(iso);
  };
  return (
    <Modal opened onClose={aoFechar} title={`${rotulos.titulo} ${loja.sigla}`}>
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          confirmar();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm">
            {rotulos.explicacao}
            {loja.fechadoAte ? ` Fechado hoje até ${formatarData(loja.fechadoAte)}.` : ''}
          </Text>
          <TextInput
            label={rotulos.campo}
            placeholder="dd/mm/aaaa"
            required={tipo !== 'reabrir'}
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            error={erro}
            data-autofocus
            data-cy="data-fechamento"
          />
          {efeito && (
            <Alert color="orange" p="xs" data-cy="efeito-fechamento">
              {efeito}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={aoFechar}>
              Cancelar
            </Button>
            <Button type="submit" loading={salvar.isPending} data-cy="confirmar-fechamento">
              {rotulos.botao}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
