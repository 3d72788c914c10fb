/** The business date of a document header, typed dd/mm/aaaa (the one reader: lib/datas `dataDaTela`). */
import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

export function CampoDataDocumento({
  campo,
  erro,
  dataCy,
}: {
  campo: UseFormRegisterReturn;
  erro?: string;
  dataCy: string;
}) {
  return <TextInput label="Data" required placeholder="dd/mm/aaaa" {...campo} error={erro} data-cy={dataCy} />;
}
