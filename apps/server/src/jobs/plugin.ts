/**
 * Starts this app instance's job engine once every module has declared its kinds (onReady) and
 * stops it before anything else closes (preClose): workers stop fetching and running jobs get
 * JOBS_ENCERRAMENTO_MS to finish; the rest are retried by another instance or after the restart.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import type { AjustesDoMotor } from './filas';
import { Motor } from './motor';

declare module 'fastify' {
  interface FastifyInstance {
    tarefas: Motor;
  }
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; ajustes?: Partial<AjustesDoMotor> }) => {
    const motor = new Motor(opts.db, (msg, err) => app.log.error({ err }, msg), opts.ajustes);
    app.decorate('tarefas', motor);
    app.addHook('onReady', async () => motor.iniciar());
    app.addHook('preClose', async () => motor.encerrar(Number(process.env.JOBS_ENCERRAMENTO_MS) || 10_000));
  },
);
