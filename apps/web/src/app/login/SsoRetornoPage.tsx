import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { concluirSso } from '../../servicos/sessao/sso';
import { useSessao } from '../../servicos/sessao/store';
import { toastDeErro } from '../../lib/erros';

/** /code*: the provider's callback (`/app/#code=…`). */
export function SsoRetornoPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let vivo = true;
    concluirSso(window.location.hash)
      .then(({ destino }) => {
        if (!vivo) return;
        const troca = useSessao.getState().forcarTrocaSenha;
        navigate(troca ? '/trocar-senha' : destino.startsWith('/') ? destino : '/', { replace: true });
      })
      .catch((e) => {
        if (!vivo) return;
        const t = toastDeErro(e);
        const msg = (e as { data?: { message?: string } }).data?.message ?? t.message ?? '';
        navigate(`/login?erroAutenticacao=${encodeURIComponent(msg)}`, { replace: true });
      });
    return () => {
      vivo = false;
    };
  }, [navigate]);
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Concluindo a autenticação…</Text>
      </Stack>
    </Center>
  );
}
