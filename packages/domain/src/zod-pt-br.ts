/** Zod's generic messages in Brazilian Portuguese for server and web alike (a side effect of importing the domain). */
import { z } from 'zod';

z.config(z.locales.ptBR());
