-- Commands (apps/server/src/workflows): the answer of each command run under an idempotency key (the
-- Idempotency-Key header or a natural key such as a document number). The row is written in the SAME
-- transaction as the command's effects, so it exists exactly when they do: a retry with the same key
-- answers the stored result and changes nothing; a concurrent duplicate waits on the primary key until
-- the first commits (then replays) or rolls back (then runs).
create table comando_idempotencia (
  assinante_id integer not null default app_assinante() references assinante (id),
  nome_comando text not null,
  chave        text not null check (length(chave) between 1 and 255),
  -- sha256 of the validated input: the same key with another input is refused
  hash_entrada text not null,
  status_http  smallint,
  resposta     jsonb,
  criado_em    timestamptz not null default now(),
  primary key (assinante_id, nome_comando, chave)
);
create index comando_idempotencia_criado_idx on comando_idempotencia (criado_em);
select app_proteger_tabela('comando_idempotencia');
