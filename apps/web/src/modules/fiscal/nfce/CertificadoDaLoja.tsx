/**
 * "Certificado digital e CSC" below the Lojas form (administrators): the A1 certificate (.pfx and its
 * password, sent through the upload widget; the server opens it, refuses a wrong password or an expired one,
 * and keeps it sealed), its holder and expiry, and the CSC (id and token, the token kept sealed too). The
 * store's série, next number and environment are fields of the form itself.
 */
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { comandoCscNfce, type CertificadoNfce } from '@retaguarda/domain';
import { useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { lerTokens } from '../../../lib/tokens';
import { toast } from '../../../lib/toasts';
import { UploadArquivo } from '../../../ui/UploadArquivo';
import { enviarComProgresso } from '../../../ui/uploadEnvio';
import { useSessao } from '../../../servicos/sessao/store';

const dataBr = (iso: string) => iso.split('-').reverse().join('/');

function enviarCertificado(lojaId: string, senha: string, arquivo: File, aoProgredir: (f: number) => void) {
  const token = lerTokens()?.accessToken;
  return enviarComProgresso<CertificadoNfce>(`/api/v1/fiscal/lojas/${lojaId}/nfce-certificado`, arquivo, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'X-Senha-Certificado': senha },
    aoProgredir,
  });
}

export function AreaDoRegistroCertificadoNfce({ registro, id }: { registro: string; id?: string }) {
  const administrador = useSessao((s) => s.usuario?.administrador === true);
  const [senha, setSenha] = useState('');
  const [certificado, setCertificado] = useState<CertificadoNfce | null>(null);
  const [csc, setCsc] = useState({ cscId: '', token: '' });
  const gravarCsc = useComando(comandoCscNfce);
  if (registro !== 'loja' || !administrador) return null;
  if (!id)
    return (
      <Text fz="sm" c="dimmed">
        Salve a loja para enviar o certificado digital A1 e o CSC da NFC-e.
      </Text>
    );
  const salvarCsc = async () => {
    try {
      const r = await gravarCsc.executar({ lojaId: Number(id), ...csc });
      toast({ type: 'success', title: 'CSC da NFC-e', message: r.message });
      setCsc({ cscId: r.cscId, token: '' });
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'certificado digital da loja' }));
    }
  };
  return (
    <Paper withBorder p="md" radius="sm" data-cy="certificado-nfce">
      <Stack gap="sm">
        <Title order={2} fz={16} fw={600}>
          Certificado digital A1 e CSC da NFC-e
        </Title>
        <Text fz="sm" c="dimmed">
          O certificado (.pfx) e o token do CSC ficam cifrados; a validade aparece no campo "Validade do certificado A1"
          e os administradores são avisados 30 dias antes do vencimento.
        </Text>
        <PasswordInput
          label="Senha do certificado"
          value={senha}
          onChange={(e) => setSenha(e.currentTarget.value)}
          autoComplete="new-password"
          data-cy="senha-certificado"
        />
        <UploadArquivo<CertificadoNfce>
          rotulo="Certificado A1 (.pfx ou .p12)"
          extensoes={['.pfx', '.p12']}
          limiteBytes={64 * 1024}
          desabilitado={!senha}
          enviar={(arquivo, aoProgredir) => enviarCertificado(id, senha, arquivo, aoProgredir)}
          aoEnviar={(r) => {
            setCertificado(r);
            setSenha('');
            toast({ type: 'success', title: 'Certificado digital', message: r.message });
          }}
        />
        {certificado && (
          <Alert color={certificado.aviso ? 'yellow' : 'green'} data-cy="certificado-gravado">
            {certificado.titular}
            {certificado.cnpj ? ` (CNPJ ${certificado.cnpj})` : ''} — válido até {dataBr(certificado.validade)}.
            {certificado.aviso ? ` ${certificado.aviso}` : ''}
          </Alert>
        )}
        <Group align="flex-end" grow>
          <TextInput
            label="Identificador do CSC"
            value={csc.cscId}
            maxLength={6}
            onChange={(e) => setCsc({ ...csc, cscId: e.currentTarget.value.replace(/\D/g, '') })}
            data-cy="csc-id"
          />
          <PasswordInput
            label="Token do CSC"
            value={csc.token}
            maxLength={36}
            autoComplete="new-password"
            onChange={(e) => setCsc({ ...csc, token: e.currentTarget.value })}
            data-cy="csc-token"
          />
          <Button
            variant="default"
            onClick={() => void salvarCsc()}
            loading={gravarCsc.enviando}
            disabled={!csc.cscId || csc.token.trim().length < 16}
            data-cy="salvar-csc"
          >
            Gravar CSC
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
