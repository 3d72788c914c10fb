import { Alert, Box, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconBuildingStore, IconKey } from '@tabler/icons-react';
import { APP_VERSION } from '@retaguarda/domain';
import { type FormEvent, lazy, Suspense, useCallback, useState } from 'react';
import { redirect, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { type InicioSso, irParaSso, ssoDisponivel } from '../../servicos/sessao/sso';
import { logado, sessaoEncerrando, useSessao } from '../../servicos/sessao/store';
import { buscarAssinante, useAssinante } from '../../servicos/tema';
import { aoTeclarEnterAvanca } from '../../ui/useEnterAvanca';
import { HttpError } from '../../lib/erros';
import { type SessaoAtiva, sessoesDoLimite } from '../../modules/administrativo/limite-sessoes';
import { carregarChunk } from '../../servicos/navegacao/carregar';
import { pedeCaptcha } from '../../servicos/sessao/recaptcha';
import classes from './LoginPage.module.css';

/** An inactive user (403) or a throttled sign-in (429) reads the server's own message; anything else is unexpected. */
function mensagemDoServidor(e: HttpError): string {
  const m = e.status < 500 ? (e.data as { message?: unknown } | null)?.message : undefined;
  return typeof m === 'string' && m ? m : 'Um erro inesperado aconteceu.';
}

// only when the tenant's session limit answers 409: its modal stays out of the login route's JS
const LimiteSessoes = lazy(() =>
  carregarChunk(() => import('../../modules/administrativo/LimiteSessoes')).then((m) => ({ default: m.LimiteSessoes })),
);

// only once the server asks for the captcha (spec §7 POST /api/auth/recaptcha)
const Recaptcha = lazy(() => carregarChunk(() => import('./Recaptcha')).then((m) => ({ default: m.Recaptcha })));

/** /login (spec §2.2): signed-in users go home (or the parent frame refreshes); else the subscriber is fetched. */
export async function loginLoader() {
  // another tab of this browser may be signed in: its session (the refresh cookie) serves this one too
  if (logado() || (!sessaoEncerrando() && (await useSessao.getState().restaurar()))) {
    if (window.parent !== window) {
      window.parent.postMessage({ tipo: 'retaguarda:atualizar' }, window.location.origin);
      return null;
    }
    return redirect('/');
  }
  const sso = ssoDisponivel();
  try {
    await buscarAssinante();
  } catch (e) {
    const status = e instanceof HttpError ? e.status : 0;
    return redirect(status >= 500 ? '/500' : '/404?recurso=Assinatura');
  }
  return { sso: await sso };
}

function destinoSeguro(redirectFrom: string | null): string {
  return redirectFrom?.startsWith('/') && !redirectFrom.startsWith('//') ? redirectFrom : '/';
}

export function LoginPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const sso = (useLoaderData() as { sso: InicioSso | null } | null)?.sso ?? null;
  const assinante = useAssinante((s) => s.assinante);
  const entrar = useSessao((s) => s.entrar);
  const [usuario, setUsuario] = useState('');
  const [senha, setSenha] = useState('');
  const [erro, setErro] = useState<string | null>(query.get('erroAutenticacao'));
  const [enviando, setEnviando] = useState(false);
  const [limite, setLimite] = useState<SessaoAtiva[] | null>(null);
  const [captcha, setCaptcha] = useState(false);

  const irAoDestino = () => {
    const destino = destinoSeguro(query.get('redirectFrom'));
    const { forcarTrocaSenha } = useSessao.getState();
    navigate(forcarTrocaSenha ? `/trocar-senha?redirectFrom=${encodeURIComponent(destino)}` : destino, {
      replace: true,
    });
  };

  const tentar = async () => {
    setEnviando(true);
    setErro(null);
    try {
      await entrar(usuario.trim(), senha);
      irAoDestino();
    } catch (err) {
      // after repeated failures the server asks for the captcha: solve it, then the sign-in runs again
      if (pedeCaptcha(err)) {
        setCaptcha(true);
        setErro(mensagemDoServidor(err as HttpError));
        setEnviando(false);
        return;
      }
      // the tenant's limit of concurrent sessions: choose a session to end
      const sessoes = sessoesDoLimite(err);
      if (sessoes) {
        setLimite(sessoes);
        setEnviando(false);
        return;
      }
      setErro(err instanceof HttpError ? mensagemDoServidor(err) : (err as Error).message);
      setEnviando(false);
    }
  };

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    if (!usuario.trim() || !senha) {
      setErro('Informe o usuário e a senha.');
      return;
    }
    await tentar();
  };

  // the server verified the captcha (POST /api/auth/recaptcha): the same credentials again
  const aoVerificarCaptcha = () => {
    setCaptcha(false);
    void tentar();
  };
  const aoFalharCaptcha = useCallback((m: string) => setErro(m), []);

  return (
    <Box className={classes.pagina} component="main">
      <Box className={classes.marca}>
        <IconBuildingStore size={44} stroke={1.5} aria-hidden />
        <Title order={1} className={classes.produto}>
          Retaguarda
        </Title>
        <Text className={classes.slogan}>Gestão completa para a sua rede de lojas.</Text>
      </Box>
      <Box className={classes.lado}>
        <Paper className={classes.cartao} withBorder shadow="sm" radius="md" p="xl">
          <form onSubmit={enviar} onKeyDown={aoTeclarEnterAvanca} noValidate>
            <Stack gap="md">
              <div>
                <Text size="sm" c="dimmed">
                  Bem-vindo(a) à
                </Text>
                <Title order={2} fz={22} data-cy="login-assinante">
                  {assinante?.nome ?? 'Retaguarda'}
                </Title>
              </div>
              {erro && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {erro}
                </Alert>
              )}
              <TextInput
                label="Usuário"
                placeholder="Seu usuário"
                autoComplete="username"
                autoFocus
                value={usuario}
                onChange={(e) => setUsuario(e.currentTarget.value)}
                data-cy="login-usuario-input-field"
              />
              <PasswordInput
                label="Senha"
                placeholder="Sua senha"
                autoComplete="current-password"
                value={senha}
                onChange={(e) => setSenha(e.currentTarget.value)}
                data-cy="login-senha-input-field"
                visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }}
              />
              {captcha && (
                <Suspense fallback={null}>
                  <Recaptcha aoVerificar={aoVerificarCaptcha} aoFalhar={aoFalharCaptcha} />
                </Suspense>
              )}
              <Button type="submit" fullWidth loading={enviando} data-cy="login-entrar-button">
                Entrar
              </Button>
              {sso && (
                <Button
                  variant="default"
                  fullWidth
                  leftSection={<IconKey size={16} />}
                  onClick={() => irParaSso(sso, destinoSeguro(query.get('redirectFrom')))}
                  data-cy="login-sso-button"
                >
                  Entrar com login único (SSO)
                </Button>
              )}
            </Stack>
          </form>
        </Paper>
        {limite && (
          <Suspense fallback={null}>
            <LimiteSessoes
              sessoes={limite}
              credenciais={{ username: usuario.trim(), password: senha }}
              aoFechar={() => setLimite(null)}
              aoEntrar={irAoDestino}
            />
          </Suspense>
        )}
        <Text size="xs" c="dimmed" mt="md">
          Versão {APP_VERSION}
        </Text>
      </Box>
    </Box>
  );
}
