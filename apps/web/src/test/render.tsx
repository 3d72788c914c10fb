import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { temaMantine } from '../servicos/tema';

export function renderizar(ui: ReactElement) {
  return render(
    <MantineProvider theme={temaMantine('blue')}>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}
