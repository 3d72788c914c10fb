/** Creating an integration key, and the key shown once with a copy button. */
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessao } from '../../app/session/store';
import { toast } from '../../app/toasts/store';
import { toastDeErro } from '../../lib/erros';
import { razoesDe } from '../../registers/api';
import { SelecaoMultipla } from '../../ui/SelecaoMultipla';
import { criarChave, listarLojas } from './api';
import { errosPorCampo } from './filtros';
import { SeletorPermissoes } from './SeletorPermissoes';

const ENTIDADE = 'chaves de integração';

export function NovaChave({
  aberta,
  aoFechar,
  aoCriar,
}: {
  aberta: boolean;
  aoFechar: () => void;
  aoCriar: (c: string) => void;
}) {
  const minhas = useSessao((s) => s.usuario?.permissoes ?? []);
  const lojas = useQuery({ queryKey: ['lojas-todas'], queryFn: listarLojas, enabled: aberta });
  const [nome, setNome] = useState('');
  const [permissoes, setPermissoes] = useState<string[]>([]);
  const [escopo, setEscopo] = useState<string[]>([]);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [enviando, setEnviando] = useState(false);
  const fechar = () => {
    setNome('');
    setPermissoes([]);
    setEscopo([]);
    setErros({});
    aoFechar();
  };
  const criar = async () => {
    const locais: Record<string, string> = {};
    if (!nome.trim()) locais.nome = 'Informe o nome da chave.';
    if (!permissoes.length) locais.permissoes = 'Selecione ao menos uma permissão.';
    setErros(locais);
    if (Object.keys(locais).length) return;
    setEnviando(true);
    try {
      const r = await criarChave({ nome: nome.trim(), permissoes, lojas: escopo.length ? escopo.map(Number) : null });
      fechar();
      aoCriar(r.chave);
    } catch (e) {
      const r = razoesDe(e);
      const { campos, soltas } = errosPorCampo(r.reasons);
      setErros(campos);
      if (soltas.length || !Object.keys(campos).length) toast(toastDeErro(e, { entidade: ENTIDADE }));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Modal opened={aberta} onClose={fechar} title="Nova chave de integração" size="xl" centered>
      <Stack gap="sm">
        <TextInput
          label="Nome"
          description="Identifica o sistema que usará a chave (ex.: Integração e-commerce)."
          required
          value={nome}
          error={erros.nome}
          onChange={(e) => setNome(e.currentTarget.value)}
          data-cy="chave-nome"
        />
        <SelecaoMultipla
          tamanho="sm"
          label="Lojas (opcional)"
          placeholder="Todas as lojas"
          opcoes={(lojas.data?.items ?? []).map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia}` }))}
          valor={escopo}
          aoSalvar={setEscopo}
          erro={erros.lojas}
          data-cy="chave-lojas"
        />
        <div>
          <Text fz="sm" fw={500} mb={4}>
            Permissões
          </Text>
          <SeletorPermissoes valor={permissoes} aoMudar={setPermissoes} permitidas={minhas} altura={340} />
          {erros.permissoes && (
            <Text fz="xs" c="red" mt={4}>
              {erros.permissoes}
            </Text>
          )}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={fechar}>
            Cancelar
          </Button>
          <Button onClick={criar} loading={enviando} leftSection={<IconKey size={16} />} data-cy="chave-criar">
            Criar chave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ChaveCriada({ chave, aoFechar }: { chave: string | null; aoFechar: () => void }) {
  return (
    <Modal
      opened={chave !== null}
      onClose={aoFechar}
      title="Chave criada"
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="sm">
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          Copie a chave agora: por segurança ela não será exibida novamente.
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-cy="chave-valor">
            {chave}
          </Code>
          <CopyButton value={chave ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-cy="chave-copiar"
              >
                {copied ? 'Copiada' : 'Copiar'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text fz="xs" c="dimmed">
          Envie-a no cabeçalho x-api-key (ou Authorization: Bearer) das chamadas à API.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar} data-cy="chave-fechar">
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
