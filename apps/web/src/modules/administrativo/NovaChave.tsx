/**
 * Creating an integration key (react-hook-form with the domain's `chaveFormulario`; the server's field
 * errors show under their fields), and the key shown once with a copy button.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { chaveFormulario, type ValoresChave } from '@retaguarda/domain';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSessao } from '../../servicos/sessao/store';
import { toast } from '../../lib/toasts';
import { falhaDaApi, mostrarErrosNosCampos, toastDeErro } from '../../lib/erros';
import { SelecaoMultipla } from '../../ui/SelecaoMultipla';
import { criarChave, listarLojas } from './api';
import { SeletorPermissoes } from './SeletorPermissoes';

const ENTIDADE = 'chaves de integração';
const VAZIA: ValoresChave = { nome: '', permissoes: [], lojas: [] };

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
  const { formState, reset, setError, setValue, clearErrors, handleSubmit, watch } = useForm<ValoresChave>({
    defaultValues: VAZIA,
    resolver: zodResolver(chaveFormulario),
  });
  const { nome, permissoes, lojas: escopo } = watch();
  const erros = formState.errors;
  // a field's error goes away once it changes
  const mudar = <K extends keyof ValoresChave>(campo: K, valor: ValoresChave[K]) => {
    setValue(campo, valor as never);
    clearErrors(campo);
  };
  const fechar = () => {
    reset(VAZIA);
    aoFechar();
  };
  const criar = handleSubmit(async (v) => {
    try {
      const r = await criarChave({
        nome: v.nome.trim(),
        permissoes: v.permissoes,
        lojas: v.lojas.length ? v.lojas.map(Number) : null,
      });
      fechar();
      aoCriar(r.chave);
    } catch (e) {
      if (mostrarErrosNosCampos(falhaDaApi(e), setError)) toast(toastDeErro(e, { entidade: ENTIDADE }));
    }
  });
  return (
    <Modal opened={aberta} onClose={fechar} title="Nova chave de integração" size="xl" centered>
      <Stack gap="sm">
        <TextInput
          label="Nome"
          description="Identifica o sistema que usará a chave (ex.: Integração e-commerce)."
          required
          value={nome}
          error={erros.nome?.message}
          onChange={(e) => mudar('nome', e.currentTarget.value)}
          data-cy="chave-nome"
        />
        <SelecaoMultipla
          tamanho="sm"
          label="Lojas (opcional)"
          placeholder="Todas as lojas"
          opcoes={(lojas.data?.items ?? []).map((l) => ({ value: String(l.id), label: `${l.id} - ${l.fantasia}` }))}
          valor={escopo}
          aoSalvar={(l) => mudar('lojas', l)}
          erro={erros.lojas?.message}
          data-cy="chave-lojas"
        />
        <div>
          <Text fz="sm" fw={500} mb={4}>
            Permissões
          </Text>
          <SeletorPermissoes
            valor={permissoes}
            aoMudar={(p) => mudar('permissoes', p)}
            permitidas={minhas}
            altura={340}
          />
          {erros.permissoes && (
            <Text fz="xs" c="red" mt={4}>
              {erros.permissoes.message}
            </Text>
          )}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={fechar}>
            Cancelar
          </Button>
          <Button
            onClick={() => criar()}
            loading={formState.isSubmitting}
            leftSection={<IconKey size={16} />}
            data-cy="chave-criar"
          >
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
