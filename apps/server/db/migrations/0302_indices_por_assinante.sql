-- Since per-tenant numbering (0301) the same produto_id, loja_id, marca_id… exists in every tenant, and
-- an NCM or bank code always did: an index led by such a column mixes the rows of every tenant, so a
-- tenant's lookup (a product's prices, its inconsistencies, the products of an NCM) reads every
-- tenant's rows for that value and RLS drops the others — cost that grows with the number of tenants,
-- not with the tenant's own data. Every btree index of a tenant table now leads with assinante_id (as
-- its keys do since 0300); the meta-test (chaves-assinante) holds tables added later to it.
--
-- The exceptions are the indexes of sweeps that run across tenants before any tenant is known (expired
-- reports, reports whose process stopped beating; old idempotency keys, whose purge is not scheduled
-- yet): they say so in their comment,
-- which the meta-test reads.
comment on index relatorio_criado_idx is
  'entre assinantes: a varredura de relatórios expirados (app_relatorio_expirados) percorre todos os assinantes';
comment on index relatorio_processando_idx is
  'entre assinantes: a varredura de relatórios abandonados (app_relatorio_abandonados) percorre todos os assinantes';
comment on index comando_idempotencia_criado_idx is
  'entre assinantes: para a expiração das chaves de idempotência antigas, que percorre todos os assinantes';

do $$
declare
  r record;
begin
  for r in
    select i.indexrelid::regclass::text as indice, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_am am on am.oid = ic.relam
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'assinante_id' and not a.attisdropped
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
       and am.amname = 'btree' and not i.indisunique and i.indkey[0] <> a.attnum
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
       and coalesce(obj_description(i.indexrelid, 'pg_class'), '') not like 'entre assinantes%'
  loop
    execute format('drop index %s', r.indice);
    execute replace(r.def, 'USING btree (', 'USING btree (assinante_id, ');
  end loop;
end $$;
