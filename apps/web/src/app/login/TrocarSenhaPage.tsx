import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { comandoNovaSenha, problemasDaSenha } from '@retaguarda/domain';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessao } from '../../servicos/sessao/store';
import { chamarComando } from '../../lib/comando/chamar';
import { aoTeclarEnterAvanca } from '../../ui/useEnterAvanca';
import { HttpError, toastDeErro } from '../../lib/erros';

/** Forced password reset (spec §4): shown before anything else when the token says so. */
export function TrocarSenhaPage() {
  const usuario = useSessao((s) => s.usuario);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [senha, setSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    // the domain's password policy, the server's too (same messages)
    const problema = problemasDaSenha(senha, usuario?.username)[0];
    if (problema) return setErro(`Nova senha: ${problema}`);
    if (senha !== confirmacao) return setErro('A confirmação não confere com a nova senha.');
    if (!usuario) return;
    setEnviando(true);
    setErro(null);
    try {
      await chamarComando(comandoNovaSenha, { usuarioId: usuario.id, id: usuario.id, senha });
      await useSessao.getState().renovar();
      useSessao.getState().senhaTrocada();
      const destino = query.get('redirectFrom');
      navigate(destino?.startsWith('/') ? destino : '/', { replace: true });
    } catch (err) {
      const t = toastDeErro(err);
      setErro(err instanceof HttpError ? `${t.title}: ${t.message}` : String(err));
      setEnviando(false);
    }
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <form onSubmit={enviar} onKeyDown={aoTeclarEnterAvanca} noValidate>
          <Stack gap="md">
            <IconLock size={32} stroke={1.5} />
            <Title order={1} fz={22}>
              Defina uma nova senha
            </Title>
            <Text fz="sm" c="dimmed">
              Por segurança, você precisa trocar a sua senha antes de continuar.
            </Text>
            {erro && (
              <Alert color="red" variant="light" role="alert">
                {erro}
              </Alert>
            )}
            <PasswordInput
              label="Nova senha"
              autoComplete="new-password"
              value={senha}
              onChange={(e) => setSenha(e.currentTarget.value)}
            />
            <PasswordInput
              label="Confirme a nova senha"
              autoComplete="new-password"
              value={confirmacao}
              onChange={(e) => setConfirmacao(e.currentTarget.value)}
            />
            <Button type="submit" loading={enviando}>
              Salvar e continuar
            </Button>
            <Button variant="subtle" onClick={() => void useSessao.getState().sair()}>
              Sair
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
