/**
 * The public faces of the official tables' maintenance (administrators): a code missing from CFOP, cStat or
 * CEST (global rows, 201 + Location of the code; 409 when it exists), and a new version of a SPED natureza da
 * receita table (per tenant, 201 with the version; it has no address of its own).
 */
import { defineCommand } from '../comandos/definir';
import {
  cestEntrada,
  cestIncluido,
  cfopEntrada,
  cfopIncluido,
  cstatEntrada,
  cstatIncluido,
  entradaTabelaNatureza,
  tabelaNaturezaCarregada,
} from './tabelas-oficiais.contrato';

const BASE = '/api/v1/fiscal/tabelas-oficiais';
const OFICIAIS = 'tabelas fiscais oficiais';

export const comandoIncluirCfop = defineCommand({
  nome: 'fiscal.tabelas-oficiais.cfop',
  caminho: `${BASE}/cfop`,
  resumo: 'Inclui um CFOP ausente da tabela oficial',
  entidade: OFICIAIS,
  entrada: cfopEntrada,
  saida: cfopIncluido,
  acesso: { administrador: true },
  criaRecurso: (c) => c.codigo,
  raizXml: 'Cfop',
});

export const comandoIncluirCstat = defineCommand({
  nome: 'fiscal.tabelas-oficiais.cstat',
  caminho: `${BASE}/cstat`,
  resumo: 'Inclui um cStat da NF-e ausente da tabela oficial',
  entidade: OFICIAIS,
  entrada: cstatEntrada,
  saida: cstatIncluido,
  acesso: { administrador: true },
  criaRecurso: (c) => c.codigo,
  raizXml: 'Cstat',
});

export const comandoIncluirCest = defineCommand({
  nome: 'fiscal.tabelas-oficiais.cest',
  caminho: `${BASE}/cest`,
  resumo: 'Inclui um CEST ausente da tabela oficial, para um NCM (código ou prefixo) existente',
  entidade: OFICIAIS,
  entrada: cestEntrada,
  saida: cestIncluido,
  acesso: { administrador: true },
  criaRecurso: (c) => c.codigo,
  raizXml: 'Cest',
});

export const comandoCarregarTabelaNatureza = defineCommand({
  nome: 'fiscal.naturezas-receita.tabela',
  caminho: '/api/v1/fiscal/naturezas-receita/tabelas',
  resumo: 'Carrega uma nova versão de uma tabela da natureza da receita (arquivo oficial do SPED)',
  entidade: 'tabelas da natureza da receita',
  entrada: entradaTabelaNatureza,
  saida: tabelaNaturezaCarregada,
  acesso: { administrador: true },
  criaRecurso: () => null,
  raizXml: 'TabelaNaturezaReceita',
});
