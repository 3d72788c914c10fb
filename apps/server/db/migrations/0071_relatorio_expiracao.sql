-- Report files are kept for a limited time (the viewer tells so): the periodic sweep deletes, in
-- every tenant, the finished reports older than the given number of days.
create index relatorio_criado_idx on relatorio (criado_em);

create function app_relatorio_expirados(p_dias integer) returns integer
  language sql security definer set search_path = public
  as $$ with apagados as (
          delete from relatorio r
           where r.status <> 'PROCESSANDO' and r.criado_em < now() - make_interval(days => p_dias)
          returning 1)
        select count(*)::integer from apagados $$;
