-- The tenant check as an init-plan: `(select app_assinante())` is evaluated once per query,
-- while the bare call in the earlier policies ran once per row (a plpgsql call on every row
-- of a sequential scan). Same rule, same errors when no tenant is set.
do $$
declare
  p record;
  col text;
begin
  for p in select tablename from pg_policies
            where schemaname = 'public' and policyname = 'assinante_isolamento' and qual not ilike '%select%'
  loop
    col := case when p.tablename = 'assinante' then 'id' else 'assinante_id' end;
    execute format('alter policy assinante_isolamento on %I using (%I = (select app_assinante())) '
                   'with check (%I = (select app_assinante()))', p.tablename, col, col);
  end loop;
end $$;
