/** Pessoa: the rules of the person registers (document, state registration, address) and the address lookups. */
import type { AreaPlugin } from '../area';
import { cepRoutes } from './cep/cep.routes';
import { provedorCepDe } from './cep/provedor';
import { contadorHooks } from './contador.hooks';
import { lojaHooks } from './loja.hooks';
import { municipiosRoutes } from './municipios.routes';
import { clienteHooks, fornecedorHooks } from './pessoa.hooks';

export const pessoa: AreaPlugin = async (app, { db, hooks }) => {
  hooks.add(fornecedorHooks, clienteHooks, contadorHooks, lojaHooks);
  await app.register(cepRoutes, { db, provedor: provedorCepDe() });
  await app.register(municipiosRoutes, { db });
};
