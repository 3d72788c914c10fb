/** The QR a device scans to register (tenant address, token and store), with the token as text and its expiry. */
import { Code, Group, Modal, Stack, Text } from '@mantine/core';
import { conteudoDoQr, type TokenDispositivo } from '@retaguarda/domain';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { formatarDataHora } from '../../lib/formato';

const restante = (expiraEm: string, agora: number) => {
  const s = Math.max(0, Math.round((new Date(expiraEm).getTime() - agora) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function QrDoToken({
  token,
  loja,
  aoFechar,
}: {
  token: (TokenDispositivo & { expiraEmInstante: string }) | null;
  loja: string;
  aoFechar: () => void;
}) {
  const [agora, setAgora] = useState(Date.now());
  useEffect(() => {
    if (!token) return;
    const t = setInterval(() => setAgora(Date.now()), 1000);
    return () => clearInterval(t);
  }, [token]);
  const expirado = token ? new Date(token.expiraEmInstante).getTime() <= agora : false;
  return (
    <Modal opened={token !== null} onClose={aoFechar} title="QR de cadastro de dispositivo" centered>
      {token && (
        <Stack align="center" gap="sm" data-cy="qr-dispositivo">
          <Text fz="sm" ta="center">
            Leia o código com o aplicativo no dispositivo da loja <b>{loja}</b>. Ele vale uma única vez.
          </Text>
          <div style={{ opacity: expirado ? 0.2 : 1, background: '#fff', padding: 12 }}>
            <QRCodeSVG value={conteudoDoQr(window.location.origin, token.token, token.lojaId)} size={220} />
          </div>
          <Text fz="xs" c="dimmed">
            Código para digitar no aplicativo:
          </Text>
          <Code fz="sm" data-cy="qr-token">
            {token.token}
          </Code>
          <Group gap={6}>
            <Text fz="sm" c={expirado ? 'red' : undefined} data-cy="qr-validade">
              {expirado
                ? 'QR expirado: gere um novo.'
                : `Expira às ${formatarDataHora(token.expiraEm).slice(11)} (${restante(token.expiraEmInstante, agora)})`}
            </Text>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
