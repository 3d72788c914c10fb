-- Realtime to POS terminals: every statement that feeds the change log also announces, at its commit
-- (NOTIFY is transactional: a rollback announces nothing), which tenant, entity and stores changed. Each
-- instance LISTENs (plugins/realtime-dispositivos.ts) and tells its own connected terminals to fetch the feed,
-- so no terminal needs to poll and no cross-instance bus is needed. '*' = every store of the tenant.
create or replace function app_carga_registrar() returns trigger language plpgsql as $$
declare
  origem text := case tg_op when 'INSERT' then 'novos' when 'DELETE' then 'antigos'
                            else '(select * from novos union all select * from antigos)' end;
  aviso text;
begin
  execute format(
    'insert into carga_alteracao (assinante_id, entidade, chave, loja_id)
     select distinct t.assinante_id, %L, (%s)::text, (%s)::int from %s t order by 1, 3',
    tg_argv[0], tg_argv[1], tg_argv[2], origem);
  execute format(
    'select string_agg(distinct t.assinante_id || %L || coalesce(((%s)::int)::text, %L), %L) from %s t',
    ':', tg_argv[2], '*', ',', origem) into aviso;
  if aviso is not null then
    perform pg_notify('carga_alteracao', tg_argv[0] || ';' || case when length(aviso) > 7000 then '' else aviso end);
  end if;
  return null;
end $$;
