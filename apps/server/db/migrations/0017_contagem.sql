-- Exact totals that stay cheap: clients page by `total`, and count(*) over a million rows costs a
-- second. Big register tables keep a per-tenant row count, maintained by statement-level triggers
-- (transition tables: one counter update per statement, not per row); the engine uses it for
-- unfiltered lists only, every filtered list still counts exactly.
create table contagem_registro (
  assinante_id integer not null references assinante (id),
  tabela       text not null,
  n            bigint not null default 0,
  primary key (assinante_id, tabela)
);
select app_proteger_tabela('contagem_registro');

create function contagem_registro_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into contagem_registro (assinante_id, tabela, n)
      select assinante_id, tg_table_name, count(*) from novas group by assinante_id
      on conflict (assinante_id, tabela) do update set n = contagem_registro.n + excluded.n;
  elsif tg_op = 'DELETE' then
    update contagem_registro c set n = c.n - d.k
      from (select assinante_id, count(*) as k from antigas group by assinante_id) d
     where c.assinante_id = d.assinante_id and c.tabela = tg_table_name;
  end if;
  return null;
end $$;

create trigger produto_contagem_ins after insert on produto referencing new table as novas
  for each statement execute function contagem_registro_trigger();
create trigger produto_contagem_del after delete on produto referencing old table as antigas
  for each statement execute function contagem_registro_trigger();
insert into contagem_registro (assinante_id, tabela, n)
  select assinante_id, 'produto', count(*) from produto group by assinante_id;
