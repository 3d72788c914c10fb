/**
 * GET /api/v1/cep/{cep}: UF, município with its IBGE code (from the official table we ship), street
 * and district of a CEP. 404 for a CEP that does not exist, 503 when there is no service or it is
 * down (the form then offers the município picker), 400 for anything but 8 digits.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../../db/database';
import { authOf } from '../../../plugins/auth';
import { ApiError } from '../../../plugins/errors';
import { MSG_CEP } from './mensagens';
import { CepIndisponivel, type ProvedorCep } from './provedor';

export async function cepRoutes(app: FastifyInstance, opts: { db: Database; provedor: ProvedorCep | undefined }) {
  const { db, provedor } = opts;
  // any signed-in user fills addresses (stores, suppliers, customers)
  app.get('/v1/cep/:cep', { config: { access: { entidade: 'CEP' } } }, async (request) => {
    // 8 digits, as typed or masked (80010-000, 80.010-000); a date or any other text is not a CEP
    const texto = (request.params as { cep: string }).cep.trim();
    if (!/^\d{2}\.?\d{3}-?\d{3}$/.test(texto)) throw new ApiError(400, MSG_CEP.formato);
    const cep = texto.replace(/\D/g, '');
    if (!provedor) throw new ApiError(503, MSG_CEP.semServico);
    let achado: Awaited<ReturnType<ProvedorCep['buscar']>>;
    try {
      achado = await provedor.buscar(cep);
    } catch (e) {
      if (e instanceof CepIndisponivel) throw new ApiError(503, MSG_CEP.indisponivel);
      throw e;
    }
    if (!achado) throw new ApiError(404, MSG_CEP.naoEncontrado(cep));
    // the IBGE code is the official table's: by the provider's code, else by UF and name
    const porCodigo = sql`codigo_ibge = ${achado.codigoIbge}`;
    const porNome = sql`uf = ${achado.uf} and lower(unaccent(nome)) = lower(unaccent(${achado.municipio}))`;
    const [m] = await db.readOnce(
      authOf(request).assinanteId,
      sql<{ codigoIbge: string; nome: string }>`
        select codigo_ibge, nome from municipio where ${achado.codigoIbge ? porCodigo : porNome} limit 1`,
    );
    return {
      cep,
      uf: achado.uf,
      codigoIbge: m?.codigoIbge ?? null,
      municipio: m?.nome ?? achado.municipio,
      logradouro: achado.logradouro,
      bairro: achado.bairro,
    };
  });
}
