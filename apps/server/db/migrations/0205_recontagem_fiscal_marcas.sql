-- The recount marks of 0200, two corrections:
-- 1. Marks are appended, never de-duplicated by a key: with (assinante_id, ncm, detectar) unique, a second
--    product saved with the same NCM waited for the first one's open transaction (the unique index check).
--    The job drains all of a tenant's marks at once and de-duplicates them itself.
-- 2. Row-level security is forced, like on every tenant table; the role that owns the schema (its triggers
--    on the global official tables mark every tenant at once) gets its own policy instead.
alter table fiscal_recontagem_pendente drop constraint fiscal_recontagem_pendente_pkey;
alter table fiscal_recontagem_pendente add column id bigint generated always as identity;
alter table fiscal_recontagem_pendente add primary key (assinante_id, id);
alter table fiscal_recontagem_pendente force row level security;
do $$
begin
  execute format('create policy dono_marca_todos on fiscal_recontagem_pendente to %I using (true) with check (true)',
                 current_user);
end $$;
