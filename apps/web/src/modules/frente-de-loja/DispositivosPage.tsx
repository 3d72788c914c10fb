/**
 * Cadastro de dispositivo (domain §4): pick the store, "Gerar QR" (single-use token shown as QR and text),
 * the store's devices (status, último acesso, app version) refreshed live — the one just registered is
 * highlighted (dispositivoAtual) — with block, unblock and revoke, and the licence use.
 */
import { Alert, Badge, Button, Group, Modal, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  comandoBloquearDispositivo,
  comandoDesbloquearDispositivo,
  comandoRevogarDispositivo,
  comandoTokenDispositivo,
  type Dispositivo,
  perm,
  ROTULO_STATUS_DISPOSITIVO,
  ROTULO_TIPO_DISPOSITIVO,
  type TokenDispositivo,
} from '@retaguarda/domain';
import { IconBan, IconLockOpen, IconPlayerPause, IconQrcode } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useComando } from '../../lib/comando/useComando';
import { toastDeErro } from '../../lib/erros';
import { formatarDataHora } from '../../lib/formato';
import { ouvirRealtime } from '../../lib/realtime';
import { toast } from '../../lib/toasts';
import { opcoesDeLojas, rotuloLoja } from '../../registers/contexto';
import { usePermissao } from '../../servicos/sessao/permissao';
import { useSessao } from '../../servicos/sessao/store';
import { useRotaAtual } from '../../servicos/navegacao/useRotaAtual';
import { TabelaDados } from '../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../ui/tabela/tipos';
import { listarDispositivos } from './dispositivos.api';
import { QrDoToken } from './QrDoToken';

const COR = { ATIVO: 'green', BLOQUEADO: 'orange', REVOGADO: 'gray' } as const;
const dataHora = (v: unknown) => formatarDataHora(v) || '—';
type Acao = 'bloquear' | 'desbloquear' | 'revogar';
const ROTULO_ACAO: Record<Acao, string> = { bloquear: 'Bloquear', desbloquear: 'Desbloquear', revogar: 'Revogar' };
const FEITO: Record<Acao, string> = { bloquear: 'bloqueado', desbloquear: 'desbloqueado', revogar: 'revogado' };

export function DispositivosPage() {
  const { titulo } = useRotaAtual();
  const qc = useQueryClient();
  const lojas = useSessao((s) => s.usuario?.lojasUsuario) ?? [];
  const [lojaId, setLojaId] = useState<number | null>((lojas.find((l) => l.principal) ?? lojas[0])?.id ?? null);
  const podeEditar = usePermissao([perm('CADASTRO_DISPOSITIVO', 'EDITAR')]);
  const [token, setToken] = useState<(TokenDispositivo & { expiraEmInstante: string }) | null>(null);
  const [atual, setAtual] = useState<number | null>(null);
  const [confirmando, setConfirmando] = useState<{ acao: Acao; d: Dispositivo } | null>(null);
  const gerar = useComando(comandoTokenDispositivo);
  const acoes = {
    bloquear: useComando(comandoBloquearDispositivo),
    desbloquear: useComando(comandoDesbloquearDispositivo),
    revogar: useComando(comandoRevogarDispositivo),
  };
  const chave = ['dispositivos', lojaId];
  const lista = useQuery({ queryKey: chave, queryFn: () => listarDispositivos(lojaId!), enabled: lojaId !== null });
  const loja = lojas.find((l) => l.id === lojaId);

  useEffect(
    () =>
      ouvirRealtime<{ lojaId: number; dispositivoId: number; novo: boolean }>(
        'frente-de-loja.dispositivos-alterados',
        (e) => {
          if (e.novo && e.lojaId === lojaId) {
            setAtual(e.dispositivoId);
            setToken(null);
          }
          void qc.invalidateQueries({ queryKey: ['dispositivos', e.lojaId] });
        },
      ),
    [qc, lojaId],
  );

  const gerarQr = async () => {
    if (lojaId === null) return;
    try {
      const t = await gerar.executar({ lojaId });
      // expiry as an instant of this browser: the answer's dates are local texts of the store's zone
      const vida = new Date(String(t.expiraEm)).getTime() - new Date(String(t.criadoEm)).getTime();
      setToken({ ...t, expiraEmInstante: new Date(Date.now() + vida).toISOString() } as never);
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'cadastro de dispositivo' }));
    }
  };

  const confirmar = async () => {
    if (!confirmando) return;
    const { acao, d } = confirmando;
    try {
      await acoes[acao].executar({ id: d.id });
      toast({ type: 'success', title: 'Sucesso', message: `Dispositivo ${d.nome} ${FEITO[acao]}.` });
      await qc.invalidateQueries({ queryKey: chave });
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'cadastro de dispositivo' }));
    } finally {
      setConfirmando(null);
    }
  };

  const botao = (acao: Acao, d: Dispositivo, Icone: typeof IconBan, cor: string) => (
    <Tooltip label={ROTULO_ACAO[acao]}>
      <Button
        size="compact-sm"
        variant="subtle"
        color={cor}
        aria-label={`${ROTULO_ACAO[acao]} ${d.nome}`}
        onClick={() => setConfirmando({ acao, d })}
        data-cy={`dispositivo-${acao}`}
      >
        <Icone size={16} />
      </Button>
    </Tooltip>
  );

  const colunas: ColunaTabela<Dispositivo>[] = [
    {
      id: 'nome',
      titulo: 'Dispositivo',
      celula: (d) => (
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={500}>
            {d.nome}
          </Text>
          {d.id === atual && (
            <Badge size="sm" color="blue" style={{ flex: 'none', overflow: 'visible' }} data-cy="dispositivo-atual">
              Novo
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'tipo', titulo: 'Tipo', celula: (d) => ROTULO_TIPO_DISPOSITIVO[d.tipo] },
    { id: 'caixa', titulo: 'Caixa', celula: (d) => (d.numeroCaixa === null ? '—' : String(d.numeroCaixa)) },
    {
      id: 'aparelho',
      titulo: 'Aparelho',
      celula: (d) => [d.fabricante, d.modelo, d.sistemaOperacional].filter(Boolean).join(' · ') || '—',
    },
    { id: 'versaoApp', titulo: 'Versão do app', celula: (d) => d.versaoApp ?? '—' },
    { id: 'cadastradoEm', titulo: 'Cadastrado em', celula: (d) => dataHora(d.cadastradoEm) },
    { id: 'ultimoAcessoEm', titulo: 'Último acesso', celula: (d) => dataHora(d.ultimoAcessoEm) },
    {
      id: 'status',
      titulo: 'Situação',
      largura: 120,
      celula: (d) => (
        <Badge
          variant="light"
          radius="sm"
          tt="none"
          color={COR[d.status]}
          style={{ overflow: 'visible' }}
          data-cy="dispositivo-status"
        >
          {ROTULO_STATUS_DISPOSITIVO[d.status]}
        </Badge>
      ),
    },
    {
      id: 'acoes',
      titulo: 'Ações',
      tituloOculto: true,
      largura: 110,
      celula: (d) =>
        podeEditar &&
        d.status !== 'REVOGADO' && (
          <Group gap={2} wrap="nowrap">
            {d.status === 'ATIVO'
              ? botao('bloquear', d, IconPlayerPause, 'orange')
              : botao('desbloquear', d, IconLockOpen, 'green')}
            {botao('revogar', d, IconBan, 'red')}
          </Group>
        ),
    },
  ];
  const dados = lista.data;
  const cheio = dados && dados.limite > 0 && dados.ativos >= dados.limite;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        <Group align="flex-end">
          <Select
            label="Loja"
            data={opcoesDeLojas(lojas)}
            value={lojaId === null ? null : String(lojaId)}
            onChange={(v) => setLojaId(v ? Number(v) : null)}
            allowDeselect={false}
            searchable
            w={260}
            data-cy="dispositivo-loja"
          />
          {podeEditar && (
            <Button
              leftSection={<IconQrcode size={16} />}
              onClick={gerarQr}
              loading={gerar.enviando}
              disabled={lojaId === null}
              data-cy="gerar-qr"
            >
              Gerar QR
            </Button>
          )}
        </Group>
      </Group>
      {dados && (
        <Text fz="sm" c="dimmed" data-cy="licenca">
          {dados.limite > 0
            ? `${dados.ativos} de ${dados.limite} dispositivo(s) ativo(s) pela licença da loja.`
            : `${dados.ativos} dispositivo(s) ativo(s). A licença da loja não limita a quantidade.`}
        </Text>
      )}
      {cheio && (
        <Alert color="orange" variant="light">
          A loja atingiu o limite de dispositivos da licença: revogue um dispositivo antes de cadastrar outro.
        </Alert>
      )}
      <TabelaDados
        rotulo="Dispositivos"
        colunas={colunas}
        itens={dados?.items ?? []}
        carregando={lista.isPending && lojaId !== null}
        larguraMinima={900}
        vazio={
          <Text c="dimmed" fz="sm">
            Nenhum dispositivo cadastrado nesta loja.
          </Text>
        }
        dataCy="lista-dispositivos"
        dataCyLinha="dispositivo-linha"
      />
      <QrDoToken token={token} loja={loja ? rotuloLoja(loja) : ''} aoFechar={() => setToken(null)} />
      <Modal
        opened={confirmando !== null}
        onClose={() => setConfirmando(null)}
        title={confirmando ? `${ROTULO_ACAO[confirmando.acao]} dispositivo` : ''}
        centered
      >
        {confirmando && (
          <Text fz="sm">
            {confirmando.acao === 'revogar'
              ? `Revogar ${confirmando.d.nome}? A credencial deixa de valer imediatamente e o aparelho precisará de um novo QR.`
              : confirmando.acao === 'bloquear'
                ? `Bloquear ${confirmando.d.nome}? O aparelho deixa de acessar até ser desbloqueado.`
                : `Desbloquear ${confirmando.d.nome}?`}
          </Text>
        )}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirmando(null)}>
            Cancelar
          </Button>
          <Button
            color={confirmando?.acao === 'desbloquear' ? 'green' : 'red'}
            onClick={confirmar}
            data-cy="confirmar-acao-dispositivo"
          >
            {confirmando ? ROTULO_ACAO[confirmando.acao] : ''}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
