import { Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { carregarRecaptcha, chaveDoSite, verificarCaptcha } from '../../servicos/sessao/recaptcha';

interface Props {
  /** the captcha was verified by the server: sign in again */
  aoVerificar: () => void;
  aoFalhar: (mensagem: string) => void;
}

/** The reCAPTCHA widget the sign-in shows once the server asks for it. */
export function Recaptcha({ aoVerificar, aoFalhar }: Props) {
  const lugar = useRef<HTMLDivElement>(null);
  const [semChave, setSemChave] = useState(false);
  // the widget is rendered once: the latest callbacks are read when it answers
  const avisos = useRef({ aoVerificar, aoFalhar });
  avisos.current = { aoVerificar, aoFalhar };
  useEffect(() => {
    const { aoFalhar: falhar } = avisos.current;
    let vivo = true;
    (async () => {
      const chave = await chaveDoSite();
      if (!vivo) return;
      if (!chave) {
        setSemChave(true);
        return;
      }
      const g = await carregarRecaptcha();
      if (!vivo || !lugar.current) return;
      const id = g.render(lugar.current, {
        sitekey: chave,
        hl: 'pt-BR',
        callback: (token) => {
          verificarCaptcha(token).then(
            () => avisos.current.aoVerificar(),
            () => {
              g.reset(id);
              avisos.current.aoFalhar('A verificação reCAPTCHA falhou. Tente novamente.');
            },
          );
        },
      });
    })().catch((e: Error) => falhar(e.message || 'Não foi possível carregar a verificação reCAPTCHA.'));
    return () => {
      vivo = false;
    };
  }, []);
  if (semChave)
    return (
      <Text size="sm" c="dimmed">
        A verificação reCAPTCHA não está configurada neste servidor: aguarde alguns minutos e tente de novo.
      </Text>
    );
  return (
    <Stack gap={4} align="center">
      <div ref={lugar} data-cy="login-recaptcha" />
    </Stack>
  );
}
