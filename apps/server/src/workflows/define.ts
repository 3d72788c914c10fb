/**
 * `defineWorkflow(face, ligacao)`: binds a command's steps to its public face declared in the domain
 * (`defineCommand`: path, contracts, access, store, idempotency, body limit). The bound command is what
 * `montarWorkflows` mounts and `executarWorkflow` runs (HTTP, a job or an import alike). See README.md.
 * The one-object form (`defineWorkflow({ nome, area, recurso, … })`) declares a face on the spot (tests).
 */
import { defineCommand, type FaceComando, parametrosDoCaminho } from '@retaguarda/domain';
import type { z } from 'zod';
import type { DefinicaoWorkflow, LigacaoWorkflow, Workflow } from './tipos';

const IDENTIFICADOR = /^[a-z_][a-z0-9_]*$/;

/**
 * area, resource and action of a path: `/api/v1/<area>/<recurso>[/{id}/<acao>]`; in other shapes the
 * resource is the last literal segment before the first parameter (`/api/v1/produto/coletor/layouts/{nome}`:
 * `layouts`), and an action is a literal segment right after `{id}`.
 */
function partesDo(caminho: string): { area: string; recurso: string; acao?: string } {
  const segmentos = caminho.replace(/^\/api\/v1\//, '').split('/');
  const area = segmentos[0] ?? '';
  const primeiro = segmentos.findIndex((s) => s.startsWith('{'));
  const literais = (primeiro < 0 ? segmentos : segmentos.slice(0, primeiro)).slice(1);
  const recurso = literais[literais.length - 1] ?? area;
  const depoisDoId = segmentos[segmentos.indexOf('{id}') + 1];
  const acao = segmentos.includes('{id}') && depoisDoId && !depoisDoId.startsWith('{') ? depoisDoId : undefined;
  return { area, recurso, ...(acao ? { acao } : {}) };
}

export function defineWorkflow<TIn extends z.ZodType, TOut extends z.ZodType, S>(
  face: FaceComando<TIn, TOut>,
  ligacao: LigacaoWorkflow<TIn, TOut, S>,
): Workflow<TIn, TOut, S>;
export function defineWorkflow<TIn extends z.ZodType, TOut extends z.ZodType, S>(
  def: DefinicaoWorkflow<TIn, TOut, S>,
): Workflow<TIn, TOut, S>;
export function defineWorkflow<TIn extends z.ZodType, TOut extends z.ZodType, S>(
  a: FaceComando<TIn, TOut> | DefinicaoWorkflow<TIn, TOut, S>,
  ligacao?: LigacaoWorkflow<TIn, TOut, S>,
): Workflow<TIn, TOut, S> {
  const wf = ligacao ? daFace(a as FaceComando<TIn, TOut>, ligacao) : daDefinicao(a as DefinicaoWorkflow<TIn, TOut, S>);
  if (wf.acao && !wf.idDoCaminho) throw new Error(`${wf.nome}: um comando com ação declara idDoCaminho`);
  if (!wf.passos.length) throw new Error(`${wf.nome}: um comando tem ao menos um passo`);
  const r = wf.lojaDoRecurso;
  if (r && ![r.recurso, r.colunaLoja, r.visivelPor ?? 'id'].every((n) => IDENTIFICADOR.test(n)))
    throw new Error(`${wf.nome}: loja do recurso com identificador inválido`);
  return Object.freeze(wf);
}

function daFace<TIn extends z.ZodType, TOut extends z.ZodType, S>(
  face: FaceComando<TIn, TOut>,
  ligacao: LigacaoWorkflow<TIn, TOut, S>,
): Workflow<TIn, TOut, S> {
  const campoLoja = face.loja && 'campo' in face.loja ? face.loja.campo : undefined;
  const idem = face.idempotencia;
  return {
    ...ligacao,
    ...partesDo(face.caminho),
    face,
    nome: face.nome,
    metodo: face.metodo,
    caminho: face.caminho,
    camposDoCaminho: parametrosDoCaminho(face),
    ...(face.caminho.includes('{id}') ? { idDoCaminho: face.campoDoId ?? 'id' } : {}),
    resumo: face.resumo,
    entidade: face.entidade,
    entrada: face.entrada,
    saida: face.saida,
    acesso: face.acesso,
    ...(campoLoja ? { loja: (e: z.output<TIn>) => (e as Record<string, number>)[campoLoja] as number } : {}),
    ...(face.loja && 'recurso' in face.loja ? { lojaDoRecurso: face.loja } : {}),
    ...(idem === 'nenhuma'
      ? { idempotencia: idem }
      : idem && idem !== 'cabecalho'
        ? { idempotencia: idem.chaveNatural }
        : {}),
    ...(face.criaRecurso ? { criaRecurso: face.criaRecurso } : {}),
    ...(face.responde ? { responde: face.responde } : {}),
    ...(face.limiteCorpo ? { limiteCorpo: face.limiteCorpo } : {}),
    ...(face.raizXml ? { raizXml: face.raizXml } : {}),
    ...(face.corpoEmLista ? { corpoEmLista: face.corpoEmLista } : {}),
  };
}

function daDefinicao<TIn extends z.ZodType, TOut extends z.ZodType, S>(
  def: DefinicaoWorkflow<TIn, TOut, S>,
): Workflow<TIn, TOut, S> {
  const caminho = `/api/v1/${def.area}/${def.recurso}${def.acao ? `/{id}/${def.acao}` : ''}`;
  const face = defineCommand({
    nome: def.nome,
    caminho,
    ...(def.acao && def.idDoCaminho ? { campoDoId: def.idDoCaminho as never } : {}),
    resumo: def.resumo,
    entidade: def.entidade,
    entrada: def.entrada,
    saida: def.saida,
    acesso: def.acesso,
    ...(typeof def.idempotencia === 'function' ? { idempotencia: { chaveNatural: def.idempotencia } } : {}),
    ...(def.criaRecurso ? { criaRecurso: def.criaRecurso } : {}),
    ...(def.responde ? { responde: def.responde } : {}),
  });
  return { ...def, face, metodo: 'POST', caminho, camposDoCaminho: parametrosDoCaminho(face) };
}
