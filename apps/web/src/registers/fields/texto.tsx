/** Inputs and displays of text-like types: text, long text, e-mail, colour and the masked codes. */
import { ColorInput, ColorSwatch, Group, Text, Textarea, TextInput } from '@mantine/core';
import { mascararCnj } from '@retaguarda/domain';
import { formatarDocumento, MASCARAS, type TipoMascarado } from '../../lib/formato';
import { comuns, type DisplayProps, type InputProps, texto } from './tipos';

const vazio = (s: string) => (s === '' ? null : s);

/** Text fields typed with a mask of their own: a judicial process number takes the CNJ mask. */
const MASCARA_DO_CAMPO: Readonly<Record<string, (s: string) => string>> = { numeroProcesso: mascararCnj };

export function TextoInput(p: InputProps) {
  const max = p.field.maxLength;
  const mascara = MASCARA_DO_CAMPO[p.field.name];
  return (
    <TextInput
      {...comuns(p)}
      type={p.field.type === 'email' ? 'email' : 'text'}
      maxLength={max ? max + 10 : undefined}
      placeholder={mascara === mascararCnj ? 'NNNNNNN-DD.AAAA.J.TR.OOOO' : undefined}
      value={texto(p.value)}
      onChange={(e) => p.onChange(vazio(mascara ? mascara(e.currentTarget.value) : e.currentTarget.value))}
    />
  );
}

export function TextoLongoInput(p: InputProps) {
  return (
    <Textarea
      {...comuns(p)}
      autosize
      minRows={2}
      maxRows={6}
      value={texto(p.value)}
      onChange={(e) => p.onChange(vazio(e.currentTarget.value))}
    />
  );
}

export function CorInput(p: InputProps) {
  return (
    <ColorInput
      {...comuns(p)}
      format="hex"
      placeholder="#RRGGBB"
      // the eye-dropper is an icon-only button: screen readers need its name (axe button-name)
      eyeDropperButtonProps={{
        'aria-label': `Capturar cor da tela para ${p.field.label}`,
        title: 'Capturar cor da tela',
      }}
      value={texto(p.value)}
      onChange={(v) => p.onChange(vazio(v.toUpperCase()))}
    />
  );
}

export function MascaradoInput(p: InputProps) {
  const m = MASCARAS[p.field.type as TipoMascarado];
  return (
    <TextInput
      {...comuns(p)}
      inputMode={p.field.type === 'cnpj' || p.field.type === 'cpfCnpj' ? 'text' : 'numeric'}
      placeholder={m.placeholder}
      value={m.formatar(texto(p.value))}
      onChange={(e) => p.onChange(vazio(m.limpar(e.currentTarget.value)))}
      styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}

export function TextoDisplay({ value }: DisplayProps) {
  return <>{texto(value)}</>;
}

export function MascaradoDisplay({ field, value }: DisplayProps) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatarDocumento(field.type as TipoMascarado, value)}</span>
  );
}

export function CorDisplay({ value }: DisplayProps) {
  if (!value) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={String(value)} size={14} />
      <Text span fz="sm">
        {String(value)}
      </Text>
    </Group>
  );
}
