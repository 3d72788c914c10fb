-- Background jobs ("tarefas", spec §3/§4 "files in processing"): the pg-boss job (schema pgboss,
-- installed by the migration step) carries the work; this row is what a tenant may see of it —
-- owner, kind, status, progress (feito/total/fase), result or error. Same id as the pg-boss job.
create table tarefa (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            uuid not null,
  usuario_id    integer references usuario (id) on delete cascade,
  tipo          text not null check (length(tipo) between 1 and 60),
  fila          text not null,
  titulo        text,
  -- the screen that shows the result ("/visualizacao-relatorio/…")
  link          text,
  status        text not null default 'PENDENTE'
                check (status in ('PENDENTE', 'PROCESSANDO', 'CONCLUIDO', 'ERRO', 'CANCELADO')),
  feito         integer not null default 0 check (feito >= 0),
  total         integer check (total >= 0),
  fase          text,
  resultado     jsonb,
  erro          text,
  tentativas    integer not null default 0,
  criado_em     timestamptz not null default now(),
  iniciado_em   timestamptz,
  concluido_em  timestamptz,
  atualizado_em timestamptz not null default now(),
  -- singleton key: at most one open job of a kind per key in a tenant (e.g. one export per list)
  chave         text,
  primary key (assinante_id, id)
);
create unique index tarefa_id_uq on tarefa (id);
create index tarefa_usuario_idx on tarefa (assinante_id, usuario_id, criado_em desc);
create index tarefa_aberta_idx on tarefa (assinante_id, usuario_id) where status in ('PENDENTE', 'PROCESSANDO');
select app_proteger_tabela('tarefa');

create unique index tarefa_chave_aberta_uq on tarefa (assinante_id, tipo, chave)
  where chave is not null and status in ('PENDENTE', 'PROCESSANDO');
