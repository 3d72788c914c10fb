/**
 * What every area plugin (`modules/<area>/index.ts`) receives: the database and the registry its
 * register hooks go into (the engine reads them from there). Later: its workflows and jobs too.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { HookRegistry } from '../registers/hooks';

export interface AreaOptions {
  db: Database;
  hooks: HookRegistry;
}

export type AreaPlugin = (app: FastifyInstance, opts: AreaOptions) => Promise<void>;
