import { registerByKey } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { paginaDeFormulario, paginaDeLista } from '../../registers/paginas';
import { urlDoFormulario } from '../../registers/permissoes';
import { importadorDe } from './telas';

const contador = registerByKey('contador')!;
const grupoNcm = registerByKey('grupoNcm')!;

/** Spec §2.4: the form routes the route table names open the register's form. */
describe('form routes of registers', () => {
  it.each([
    ['/pessoa/contador/cadastro', 'contador'],
    ['/pessoa/contador/cadastro/:id', 'contador'],
    ['/gruponcm', 'grupoNcm'],
    ['/gruponcm/:gruponcm', 'grupoNcm'],
  ])('%s shows the %s form', async (rota, chave) => {
    expect(await importadorDe(rota)()).toBe(paginaDeFormulario(chave));
  });

  it('/ncm hosts the NCM list and the NCM groups list (no list at /gruponcm)', async () => {
    const tela = await importadorDe('/ncm')();
    expect(tela.name).toBe('NcmPage');
    expect(await importadorDe('/gruponcm')()).not.toBe(paginaDeLista('grupoNcm'));
  });

  it('the lists open those routes (create needs INCLUIR, edit EDITAR)', () => {
    expect(urlDoFormulario(contador, ['PERM_CONTADOR_INCLUIR'])).toBe('/pessoa/contador/cadastro');
    expect(urlDoFormulario(contador, ['PERM_CONTADOR_EDITAR'], '7')).toBe('/pessoa/contador/cadastro/7');
    expect(urlDoFormulario(contador, ['PERM_CONTADOR_ACESSO'], '7')).toBeNull();
    expect(urlDoFormulario(grupoNcm, ['PERM_NCM_ACESSO'])).toBe('/gruponcm');
    expect(urlDoFormulario(grupoNcm, ['PERM_NCM_ACESSO'], '3')).toBe('/gruponcm/3');
  });
});
