/**
 * The delivery-app integration of the orders' stores (administrators): the per-store switch and webhook URL
 * (settings kit) and the signing secret. The secret is sealed on the server and shown only in the answer of
 * the command that sets it, so this screen shows it once, right after it is set, and forgets it on closing.
 */
import { Alert, Button, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { comandoSegredoWebhook } from '@retaguarda/domain';
import { useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { SecaoConfiguracoes } from '../../../lib/configuracoes/SecaoConfiguracoes';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { useSessao } from '../../../servicos/sessao/store';

export function IntegracaoDelivery({ aoFechar }: { aoFechar: () => void }) {
  const lojas = useSessao((s) => s.usuario?.lojasUsuario ?? []).filter((l) => l.ativo);
  const [lojaId, setLojaId] = useState<string | null>(lojas[0] ? String(lojas[0].id) : null);
  const [segredo, setSegredo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [mostrado, setMostrado] = useState<{ lojaId: number; segredo: string } | null>(null);
  const definir = useComando(comandoSegredoWebhook);
  const sigla = (id: number) => lojas.find((l) => l.id === id)?.sigla ?? String(id);

  const gravar = async () => {
    if (!lojaId) return;
    setErro(null);
    try {
      const r = await definir.executar({ lojaId: Number(lojaId), segredo: segredo.trim() || null });
      setMostrado({ lojaId: r.lojaId, segredo: r.segredo });
      setSegredo('');
      toast({ type: 'success', title: 'Sucesso', message: r.message });
    } catch (e) {
      const f = falhaDaApi(e);
      if (f.erros.length) setErro(f.erros.map((x) => x.mensagem).join(' '));
      else toast(toastDeErro(e, { entidade: 'segredo do webhook' }));
    }
  };

  return (
    <Modal opened onClose={aoFechar} title="Integração com app de delivery" size="lg" data-cy="integracao-delivery">
      <Stack gap="md">
        <SecaoConfiguracoes
          area="venda"
          titulo="Envio das mudanças de situação"
          lojas={lojas.map((l) => ({ id: l.id, sigla: l.sigla ?? String(l.id) }))}
        />
        <Stack gap="xs">
          <Title order={2} fz={18} fw={600}>
            Segredo de assinatura
          </Title>
          <Text fz="sm" c="dimmed">
            Cada aviso enviado ao app leva o cabeçalho <Code>x-retaguarda-assinatura</Code> (HMAC-SHA256 do corpo com
            este segredo). Um segredo novo substitui o anterior; o app precisa recebê-lo antes do próximo aviso.
          </Text>
          <Group align="flex-end" grow>
            <Select
              label="Loja"
              data={lojas.map((l) => ({ value: String(l.id), label: l.sigla ?? String(l.id) }))}
              value={lojaId}
              onChange={(v) => {
                setLojaId(v);
                setMostrado(null);
              }}
              allowDeselect={false}
              data-cy="segredo-loja"
            />
            <TextInput
              label="Segredo (opcional)"
              description="Em branco: o sistema gera um segredo aleatório."
              value={segredo}
              onChange={(e) => setSegredo(e.currentTarget.value)}
              error={erro}
              autoComplete="off"
              data-cy="segredo-valor"
            />
          </Group>
          <Group justify="flex-end">
            <Button
              onClick={() => void gravar()}
              loading={definir.enviando}
              disabled={!lojaId}
              data-cy="segredo-gravar"
            >
              {segredo.trim() ? 'Definir segredo' : 'Gerar segredo'}
            </Button>
          </Group>
          {mostrado && (
            <Alert color="yellow" title={`Segredo da loja ${sigla(mostrado.lojaId)}`} data-cy="segredo-mostrado">
              <Stack gap="xs">
                <Text fz="sm">Copie agora e configure-o no app de delivery: ele não será mostrado de novo.</Text>
                <Group gap="xs" wrap="nowrap">
                  <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-cy="segredo-texto">
                    {mostrado.segredo}
                  </Code>
                  <CopyButton value={mostrado.segredo}>
                    {({ copied, copy }) => (
                      <Button variant="default" size="compact-sm" onClick={copy}>
                        {copied ? 'Copiado' : 'Copiar'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
