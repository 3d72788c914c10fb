/**
 * Cadastro de Funções PDV (`/funcoesPDV/editarAcesso/:id`, id = the store): the matrix função × perfil
 * (habilitada, exige supervisor, limite), saved as a new version; each POS terminal's sync state; copy to stores.
 */
import {
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CATALOGO_FUNCOES_PDV,
  comandoCopiarFuncoesPdv,
  comandoSalvarFuncoesPdv,
  GRUPOS_FUNCAO_PDV,
  type MatrizFuncoesPdv,
  PERFIS_PDV,
  type PerfilPdv,
  perm,
  ROTULO_GRUPO_FUNCAO_PDV,
  ROTULO_PERFIL_PDV,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useComando } from '../../lib/comando/useComando';
import { toastDeErro } from '../../lib/erros';
import { toast } from '../../lib/toasts';
import { opcoesDeLojas, rotuloLoja } from '../../registers/contexto';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { usePermissao } from '../../servicos/sessao/permissao';
import { useSessao } from '../../servicos/sessao/store';
import { lerMatrizFuncoesPdv } from './funcoes-pdv.api';

type Celula = MatrizFuncoesPdv['itens'][number];
const chaveDe = (funcao: string, perfil: string) => `${funcao}:${perfil}`;

export function EditarFuncoesPdvPage() {
  const { titulo } = useRotaAtual();
  const { id } = useParams();
  const lojaId = Number(id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const lojas = useSessao((s) => s.usuario?.lojasUsuario) ?? [];
  const loja = lojas.find((l) => l.id === lojaId);
  const podeEditar = usePermissao([perm('FUNCOES_PDV', 'EDITAR')]);
  const matriz = useQuery({
    queryKey: ['funcoes-pdv', lojaId],
    queryFn: () => lerMatrizFuncoesPdv(lojaId),
    enabled: Number.isInteger(lojaId) && lojaId > 0,
  });
  const [celulas, setCelulas] = useState<Map<string, Celula>>(new Map());
  const [destinos, setDestinos] = useState<string[]>([]);
  const salvar = useComando(comandoSalvarFuncoesPdv);
  const copiar = useComando(comandoCopiarFuncoesPdv);
  useEffect(() => {
    // limits are shown as the user types them: decimal comma
    if (matriz.data)
      setCelulas(
        new Map(
          matriz.data.itens.map((c) => [
            chaveDe(c.funcao, c.perfil),
            { ...c, limite: c.limite?.replace('.', ',') ?? null },
          ]),
        ),
      );
  }, [matriz.data]);

  const mudar = (funcao: string, perfil: PerfilPdv, parte: Partial<Celula>) =>
    setCelulas((m) => {
      const n = new Map(m);
      const k = chaveDe(funcao, perfil);
      n.set(k, { ...n.get(k)!, ...parte });
      return n;
    });

  const gravar = async () => {
    if (!matriz.data) return;
    try {
      const r = await salvar.executar({
        lojaId,
        versao: matriz.data.versao,
        itens: [...celulas.values()].map((c) => ({
          ...c,
          limite: c.limite?.trim() ? c.limite.replace(',', '.') : null,
        })),
      });
      toast({ type: 'success', title: 'Sucesso', message: `Funções PDV salvas: versão ${r.versao}.` });
      await qc.invalidateQueries({ queryKey: ['funcoes-pdv'] });
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'funções PDV' }));
    }
  };

  const copiarPara = async () => {
    try {
      const r = await copiar.executar({ lojaId, lojasDestino: destinos.map(Number) });
      toast({ type: 'success', title: 'Sucesso', message: `Funções copiadas para ${r.lojas.length} loja(s).` });
      setDestinos([]);
      await qc.invalidateQueries({ queryKey: ['funcoes-pdv'] });
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'funções PDV' }));
    }
  };

  const dados = matriz.data;
  const pendentes = dados?.terminais.filter((t) => t.versao < dados.versao) ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
          {loja ? ` — ${rotuloLoja(loja)}` : ''}
        </Title>
        <Group>
          <Button variant="default" onClick={() => navigate('/funcoesPDV')}>
            Voltar
          </Button>
          {podeEditar && (
            <Button onClick={gravar} loading={salvar.enviando} disabled={!dados} data-cy="salvar-funcoes">
              Salvar
            </Button>
          )}
        </Group>
      </Group>
      {dados && (
        <Group gap="xs" data-cy="versao-funcoes">
          <Text fz="sm">{dados.versao ? `Versão ${dados.versao}` : 'Padrão do sistema (nunca alterada)'}</Text>
          {dados.terminais.length === 0 ? (
            <Text fz="sm" c="dimmed">
              · Nenhum PDV cadastrado nesta loja.
            </Text>
          ) : pendentes.length ? (
            <Badge color="orange" variant="light" tt="none" data-cy="pendente-sincronizacao">
              Pendente de sincronização: {pendentes.map((t) => `caixa ${t.numeroCaixa ?? t.nome}`).join(', ')}
            </Badge>
          ) : (
            <Badge color="green" variant="light" tt="none" data-cy="pendente-sincronizacao">
              Todos os PDVs sincronizados
            </Badge>
          )}
        </Group>
      )}
      {GRUPOS_FUNCAO_PDV.map((grupo) => (
        <Paper key={grupo} withBorder p="sm">
          <Text fw={600} mb="xs">
            {ROTULO_GRUPO_FUNCAO_PDV[grupo]}
          </Text>
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Função</Table.Th>
                  {PERFIS_PDV.map((p) => (
                    <Table.Th key={p}>{ROTULO_PERFIL_PDV[p]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {CATALOGO_FUNCOES_PDV.filter((f) => f.grupo === grupo).map((f) => (
                  <Table.Tr key={f.codigo} data-cy="funcao-linha" data-funcao={f.codigo}>
                    <Table.Td>
                      <Text fz="sm">{f.descricao}</Text>
                    </Table.Td>
                    {PERFIS_PDV.map((p) => {
                      const c = celulas.get(chaveDe(f.codigo, p));
                      if (!c) return <Table.Td key={p} />;
                      return (
                        <Table.Td key={p} data-perfil={p}>
                          <Stack gap={4}>
                            <Checkbox
                              size="xs"
                              label="Habilitada"
                              checked={c.habilitada}
                              disabled={!podeEditar}
                              onChange={(e) => mudar(f.codigo, p, { habilitada: e.currentTarget.checked })}
                              data-cy="habilitada"
                            />
                            <Checkbox
                              size="xs"
                              label="Exige supervisor"
                              checked={c.exigeAutorizacaoSupervisor}
                              disabled={!podeEditar || !c.habilitada}
                              onChange={(e) =>
                                mudar(f.codigo, p, { exigeAutorizacaoSupervisor: e.currentTarget.checked })
                              }
                              data-cy="exige-supervisor"
                            />
                            {f.limite && (
                              <TextInput
                                size="xs"
                                aria-label={`${f.limite.rotulo} — ${ROTULO_PERFIL_PDV[p]}`}
                                placeholder={f.limite.rotulo}
                                value={c.limite ?? ''}
                                disabled={!podeEditar || !c.habilitada}
                                onChange={(e) => mudar(f.codigo, p, { limite: e.currentTarget.value })}
                                w={150}
                                data-cy="limite"
                              />
                            )}
                          </Stack>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      {podeEditar && (
        <Paper withBorder p="sm">
          <Group align="flex-end">
            <MultiSelect
              label="Copiar estas funções para as lojas"
              data={opcoesDeLojas(lojas.filter((l) => l.id !== lojaId))}
              value={destinos}
              onChange={setDestinos}
              searchable
              w={420}
              data-cy="copiar-lojas"
            />
            <Button
              variant="light"
              onClick={copiarPara}
              disabled={!destinos.length}
              loading={copiar.enviando}
              data-cy="copiar-funcoes"
            >
              Copiar
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
