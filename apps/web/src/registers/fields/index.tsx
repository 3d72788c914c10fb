/** One input and one display per field type (architecture §6.2): the table the screens read. */
import type { FieldDef, FieldType } from '@retaguarda/domain';
import type { ComponentType } from 'react';
import { CodigoOficialInput } from './codigo-oficial';
import { DataDisplay, DataHoraInput, DataInput } from './data';
import { BooleanoDisplay, BooleanoInput, EnumDisplay, EnumInput, MultiEnumInput } from './escolha';
import { FilhosDisplay, FilhosInput, GrupoDisplay, GrupoInput } from './filhos';
import { DecimalInput, DinheiroInput, InteiroInput, NumeroDisplay } from './numero';
import { NaturezaReceitaInput } from './natureza-receita';
import { MunicipioInput } from './municipio';
import { MultiReferenciaInput, ReferenciaDisplay, ReferenciaInput } from './referencia';
import { defDoRef } from './rotulos';
import {
  CorDisplay,
  CorInput,
  MascaradoDisplay,
  MascaradoInput,
  TextoDisplay,
  TextoInput,
  TextoLongoInput,
} from './texto';
import type { DisplayProps, InputProps } from './tipos';

export type { DisplayProps, InputProps } from './tipos';

const Filhos = (p: InputProps) => <FilhosInput {...p} inputDe={inputDe} />;
const Grupo = (p: InputProps) => <GrupoInput {...p} inputDe={inputDe} />;
const GrupoV = (p: DisplayProps) => <GrupoDisplay {...p} displayDe={displayDe} />;

const INPUTS: Record<FieldType, ComponentType<InputProps>> = {
  text: TextoInput,
  longText: TextoLongoInput,
  email: TextoInput,
  color: CorInput,
  integer: InteiroInput,
  decimal: DecimalInput,
  percent: DecimalInput,
  quantity: DecimalInput,
  money: DinheiroInput,
  date: DataInput,
  datetime: DataHoraInput,
  boolean: BooleanoInput,
  enum: EnumInput,
  uf: EnumInput,
  multiEnum: MultiEnumInput,
  reference: ReferenciaInput,
  loja: ReferenciaInput,
  multiReference: MultiReferenciaInput,
  lojas: MultiReferenciaInput,
  cnpj: MascaradoInput,
  cpf: MascaradoInput,
  cpfCnpj: MascaradoInput,
  cep: MascaradoInput,
  phone: MascaradoInput,
  ncm: MascaradoInput,
  cest: CodigoOficialInput,
  cfop: CodigoOficialInput,
  ibge: MunicipioInput,
  gtin: MascaradoInput,
  children: Filhos,
  group: Grupo,
};

const DISPLAYS: Record<FieldType, ComponentType<DisplayProps>> = {
  text: TextoDisplay,
  longText: TextoDisplay,
  email: TextoDisplay,
  color: CorDisplay,
  integer: NumeroDisplay,
  decimal: NumeroDisplay,
  percent: NumeroDisplay,
  quantity: NumeroDisplay,
  money: NumeroDisplay,
  date: DataDisplay,
  datetime: DataDisplay,
  boolean: BooleanoDisplay,
  enum: EnumDisplay,
  uf: TextoDisplay,
  multiEnum: EnumDisplay,
  reference: ReferenciaDisplay,
  loja: ReferenciaDisplay,
  multiReference: ReferenciaDisplay,
  lojas: ReferenciaDisplay,
  cnpj: MascaradoDisplay,
  cpf: MascaradoDisplay,
  cpfCnpj: MascaradoDisplay,
  cep: MascaradoDisplay,
  phone: MascaradoDisplay,
  ncm: MascaradoDisplay,
  cest: MascaradoDisplay,
  cfop: MascaradoDisplay,
  ibge: MascaradoDisplay,
  gtin: MascaradoDisplay,
  children: FilhosDisplay,
  group: GrupoV,
};

/** A coded reference whose register exists (NCM) is searched like any reference; else it is typed. */
const buscavel = (f: FieldDef) => f.type === 'ncm' && !!defDoRef(f.ref);

/** A text with its values listed (a screen of the menu): picked like an enum, checked by the server's rule. */
const escolhido = (f: FieldDef) => (f.type === 'text' || f.type === 'reference') && !!f.options?.length;

export function inputDe(f: FieldDef): ComponentType<InputProps> {
  if (buscavel(f)) return ReferenciaInput;
  if (escolhido(f)) return EnumInput;
  if (f.ref === 'naturezaReceita') return NaturezaReceitaInput;
  if (f.type === 'reference' && !defDoRef(f.ref))
    return f.ref && /^(origem|cst|csosn|banco)/.test(f.ref) ? TextoInput : InteiroInput;
  return INPUTS[f.type];
}

export function displayDe(f: FieldDef): ComponentType<DisplayProps> {
  if (buscavel(f)) return ReferenciaDisplay;
  if (escolhido(f)) return EnumDisplay;
  if (f.type === 'reference' && !defDoRef(f.ref)) return TextoDisplay;
  return DISPLAYS[f.type];
}
