-- The per-product inconsistency detection runs after every write of a product or of its barcodes: ten
-- statements keyed by the product ids array. With the default plan cache mode PostgreSQL planned them
-- again on every call (custom plans: the array's size is unknown to a generic plan), ~2 ms of planning
-- for ~0.3 ms of execution — the largest database cost of saving a product. For a few products the
-- detection now runs on the cached generic plans (index probes per id); for many (imports, COPY, lots)
-- always on custom plans, which see the array's size and may choose hash joins (the default mode may
-- switch to the generic plan after five calls; forced generic, a plan cached while a bulk load had
-- dropped the indexes turned a 100 k-row COPY into minutes of nested seq scans).
-- The setting is put back before returning (transaction-local: an error rolls it back with the rest).
do $$
declare
  def text := pg_get_functiondef('app_detectar_inconsistencias_produtos(integer[])'::regprocedure);
  novo text;
begin
  novo := replace(def, E'\nbegin\n  delete from inconsistencia_produto', E'\nbegin\n'
    || E'  modo_planos := current_setting(''plan_cache_mode'');\n'
    || E'  perform set_config(''plan_cache_mode'', case when cardinality(p_produtos) <= 64 then ''force_generic_plan''\n'
    || E'                                              else ''force_custom_plan'' end, true);\n'
    || E'  delete from inconsistencia_produto');
  novo := replace(novo, E'\n  return n;\nend', E'\n  perform set_config(''plan_cache_mode'', modo_planos, true);\n  return n;\nend');
  novo := replace(novo, E'\ndeclare\n', E'\ndeclare\n  modo_planos text;\n');
  if novo = def or (length(novo) - length(def)) < 200 then
    raise exception 'detecção por produto: trechos esperados não encontrados';
  end if;
  execute novo;
end $$;
