/** A cell cut at two lines (NCM descriptions); a long text is whole in the title. */
import type { ReactNode } from 'react';
import classes from './tabela.module.css';

export function TextoLimitado({ children, titulo }: { children: ReactNode; titulo?: string }) {
  return (
    <div className={classes.celula} title={titulo && titulo.length > 60 ? titulo : undefined}>
      {children}
    </div>
  );
}
