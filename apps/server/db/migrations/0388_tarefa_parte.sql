-- Jobs run in chunks (apps/server/src/jobs/em-partes.ts, issue #24.5): the chunks of a job already done. A
-- chunk's row is written in the chunk's own transaction, beside its effects, so a job killed midway is
-- retried from its first chunk without a row and no chunk is posted twice. `resultado`: what the chunk
-- answered (the job's result adds them up, also over the chunks of an earlier attempt).
create table tarefa_parte (
  assinante_id integer not null default app_assinante() references assinante (id),
  tarefa_id    uuid not null,
  indice       integer not null check (indice >= 0),
  resultado    jsonb,
  concluida_em timestamptz not null default now(),
  primary key (assinante_id, tarefa_id, indice),
  foreign key (assinante_id, tarefa_id) references tarefa (assinante_id, id) on delete cascade
);
select app_proteger_tabela('tarefa_parte');
