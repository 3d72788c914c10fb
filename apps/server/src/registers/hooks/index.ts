import type { RegisterHooks } from '../hooks';

export const REGISTER_HOOKS: Record<string, RegisterHooks> = {};
