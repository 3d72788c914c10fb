/** The Pessoa area's own editors for fields of the generic register form (the address with its CEP lookup). */
import type { ComponentType } from 'react';
import type { InputProps } from '../../../registers/fields';
import { CepLojaInput } from './CepLojaInput';
import { EnderecoInput } from './EnderecoInput';

const COM_ENDERECO = new Set(['fornecedor', 'cliente', 'contador']);

export function editorDePessoa(registro: string, campo: string): ComponentType<InputProps> | undefined {
  if (campo === 'endereco' && COM_ENDERECO.has(registro)) return EnderecoInput;
  if (campo === 'cep' && registro === 'loja') return CepLojaInput;
  return undefined;
}
