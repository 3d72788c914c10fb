/**
 * Small tenant administration CLI.
 *   npm run admin -w apps/server -- assinante:listar
 *   npm run admin -w apps/server -- assinante:criar --nome "Loja X" --tipo TODOS --tema green --host lojax.localhost
 *   npm run admin -w apps/server -- assinante:host --id 3 --host outra.localhost
 */
import { parseArgs } from 'node:util';
import { TEMAS, TIPOS_CLIENTE } from '@retaguarda/domain';
import pg from 'pg';
import { loadConfig } from '../config';
import { acquireDataDirLock } from '../db/lock';
import { migrate } from '../db/migrate';
import { openDatabaseTarget } from '../db/target';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    nome: { type: 'string' },
    tipo: { type: 'string' },
    tema: { type: 'string' },
    host: { type: 'string', multiple: true },
    id: { type: 'string' },
  },
});

function fail(msg: string): never {
  console.error(msg);
  process.exit(2);
}

const config = loadConfig();
const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const target = await openDatabaseTarget(config, console.log);
const client = new pg.Client({ connectionString: target.ownerUrl });
try {
  await migrate(target.ownerUrl);
  await client.connect();
  const hosts = (values.host ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const h of hosts) {
    const { rowCount } = await client.query('select 1 from assinante where $1 = any(hosts)', [h]);
    if (rowCount) fail(`O host ${h} já pertence a outro assinante.`);
  }
  if (command === 'assinante:listar') {
    const { rows } = await client.query('select id, nome, tipo_cliente, tema, hosts from assinante order by id');
    console.table(rows);
  } else if (command === 'assinante:criar') {
    if (!values.nome) fail('Informe --nome.');
    const tipo = values.tipo ?? 'TODOS';
    const tema = values.tema ?? 'blue';
    if (!(TIPOS_CLIENTE as readonly string[]).includes(tipo))
      fail(`--tipo deve ser um de: ${TIPOS_CLIENTE.join(', ')}`);
    if (!(TEMAS as readonly string[]).includes(tema)) fail(`--tema deve ser um de: ${TEMAS.join(', ')}`);
    if (!hosts.length) fail('Informe ao menos um --host.');
    const { rows } = await client.query('select nextval($1)::int as id', ['assinante_id_seq']);
    const id = rows[0].id as number;
    await client.query('begin');
    await client.query(`select set_config('app.assinante_id', $1, true)`, [String(id)]);
    await client.query('insert into assinante (id, nome, tipo_cliente, tema, hosts) values ($1, $2, $3, $4, $5)', [
      id,
      values.nome,
      tipo,
      tema,
      hosts,
    ]);
    await client.query('commit');
    console.log(`Assinante ${id} criado para ${hosts.join(', ')}.`);
  } else if (command === 'assinante:host') {
    const id = Number(values.id);
    if (!Number.isInteger(id) || !hosts.length) fail('Informe --id e ao menos um --host.');
    await client.query('begin');
    await client.query(`select set_config('app.assinante_id', $1, true)`, [String(id)]);
    const { rowCount } = await client.query(
      'update assinante set hosts = array(select distinct unnest(hosts || $2::text[])) where id = $1',
      [id, hosts],
    );
    await client.query('commit');
    if (!rowCount) fail(`Assinante ${id} não encontrado.`);
    console.log(`Hosts adicionados ao assinante ${id}.`);
  } else {
    fail('Comandos: assinante:listar | assinante:criar --nome --tipo --tema --host… | assinante:host --id --host…');
  }
} finally {
  await client.end().catch(() => {});
  await target.stop();
  release();
}
