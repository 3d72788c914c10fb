/**
 * The store's CEP: its address is made of the form's own fields (UF, município and IBGE code, street,
 * district), not a grouped address, so a complete CEP fills those fields of the form.
 */
import { Text } from '@mantine/core';
import { inputDe, type InputProps } from '../../../registers/fields';
import { aplicarCep } from './endereco';
import { useConsultaCep } from './useConsultaCep';

export function CepLojaInput(p: InputProps) {
  const Input = inputDe(p.field);
  const { aviso, consultar } = useConsultaCep((r) => {
    const v = aplicarCep(p.valores ?? {}, r);
    p.definirValores?.({
      uf: v.uf,
      codigoIbge: v.codigoIbge,
      municipio: v.municipio,
      logradouro: v.logradouro,
      bairro: v.bairro,
    });
  });
  return (
    <>
      <Input
        {...p}
        onChange={(v) => {
          p.onChange(v);
          void consultar(v);
        }}
        erro={aviso?.erro ? aviso.texto : p.erro}
      />
      {aviso && !aviso.erro && (
        <Text fz="xs" c="dimmed" mt={4} data-cy="aviso-cep">
          {aviso.texto}
        </Text>
      )}
    </>
  );
}
