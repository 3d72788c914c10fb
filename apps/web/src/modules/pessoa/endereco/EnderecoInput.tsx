/**
 * The address of suppliers, customers and accountants: a complete CEP fills UF, município (with its
 * IBGE code), street and district through GET /api/v1/cep/{cep}; without the CEP service (503) or for
 * an unknown CEP the UF and município pickers of the official IBGE table do it, never a typed code.
 */
import { SimpleGrid, Text } from '@mantine/core';
import type { FieldDef } from '@retaguarda/domain';
import { inputDe, type InputProps } from '../../../registers/fields';
import { MunicipioSelect } from '../../../registers/fields/municipio';
import { mensagemEm } from '../../../registers/fields/tipos';
import { aplicarCep, trocarUf } from './endereco';
import { useConsultaCep } from './useConsultaCep';

type Valor = Record<string, unknown>;

export function EnderecoInput(p: InputProps) {
  const valor = (p.value && typeof p.value === 'object' ? p.value : {}) as Valor;
  const campos = (p.field.fields ?? []).filter((x) => !x.hidden && x.name !== 'municipio');
  const { aviso, consultar } = useConsultaCep((r, cep) => p.onChange(aplicarCep({ ...valor, cep }, r)));

  const entrada = (c: FieldDef) => {
    const caminho = `${p.caminho}.${c.name}`;
    const erro = mensagemEm(p.errosInternos, c.name);
    if (c.name === 'codigoIbge')
      return (
        <MunicipioSelect
          key={c.name}
          uf={(valor.uf as string | null) ?? null}
          value={valor.codigoIbge}
          onChange={(m) => p.onChange({ ...valor, codigoIbge: m?.codigoIbge ?? null, municipio: m?.nome ?? null })}
          p={{ ...p, field: { ...c, label: 'Município' }, caminho, erro, value: valor.codigoIbge }}
        />
      );
    const Input = inputDe(c);
    return (
      <Input
        key={c.name}
        field={c}
        value={valor[c.name]}
        onChange={(v) => {
          if (c.name === 'uf') return p.onChange(trocarUf(valor, v as string | null));
          p.onChange({ ...valor, [c.name]: v });
          if (c.name === 'cep') void consultar(v);
        }}
        erro={c.name === 'cep' && aviso?.erro ? aviso.texto : erro}
        somenteLeitura={p.somenteLeitura}
        caminho={caminho}
      />
    );
  };

  return (
    <div data-cy={`campo-${p.caminho}`}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {campos.map(entrada)}
      </SimpleGrid>
      {aviso && !aviso.erro && (
        <Text fz="xs" c="dimmed" mt={4} data-cy="aviso-cep">
          {aviso.texto}
        </Text>
      )}
    </div>
  );
}
