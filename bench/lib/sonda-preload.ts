/**
 * The probe (./sonda.ts) in a process started by someone else (the load test's app instances):
 *   NODE_OPTIONS="--import tsx --import ./bench/lib/sonda-preload.ts" npm run carga -w bench
 * Writes its figures to /tmp/sonda-<pid>.json every 5 s and at exit.
 */
import fs from 'node:fs';
import pg from 'pg';
import { sonda } from './sonda';

const s = sonda({}, pg);
const gravar = () => fs.writeFileSync(`/tmp/sonda-${process.pid}.json`, `${JSON.stringify(s.ler(false), null, 1)}\n`);
setInterval(gravar, 5_000).unref();
process.on('exit', gravar);
