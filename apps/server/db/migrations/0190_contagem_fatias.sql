-- The counter of a big register (0017) was ONE row per tenant and table: every insert's trigger
-- updated it and held its row lock until commit, so concurrent creates of products ran one at a time
-- (bench/cauda.ts, 50 connections: the product insert waited p50 42 ms / p99 365 ms, a brand's 4/14 ms).
-- The count is now split in slices, one per backend (pid modulo 32): concurrent transactions update
-- different rows; the total is the sum of the tenant's slices (a slice may go negative after deletes).
alter table contagem_registro add column fatia smallint not null default 0;
alter table contagem_registro drop constraint contagem_registro_pkey;
alter table contagem_registro add primary key (assinante_id, tabela, fatia);

create or replace function contagem_registro_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into contagem_registro (assinante_id, tabela, fatia, n)
      select assinante_id, tg_table_name, pg_backend_pid() % 32, count(*) from novas group by assinante_id
      on conflict (assinante_id, tabela, fatia) do update set n = contagem_registro.n + excluded.n;
  elsif tg_op = 'DELETE' then
    insert into contagem_registro (assinante_id, tabela, fatia, n)
      select assinante_id, tg_table_name, pg_backend_pid() % 32, -count(*) from antigas group by assinante_id
      on conflict (assinante_id, tabela, fatia) do update set n = contagem_registro.n + excluded.n;
  end if;
  return null;
end $$;
