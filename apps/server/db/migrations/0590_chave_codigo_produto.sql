-- Product codes are matched left-padded to 14 ("0789…" from a collector file finds "789…"). The lookups
-- compared lpad(column, 14, '0'), which is not LEAKPROOF: under forced RLS the application role may not use
-- it as an index condition, so the (assinante_id, lpad(…)) indexes of 0013 served no lookup — every code
-- resolution, even of one code, read the tenant's whole catalogue and computed lpad on each row.
-- The padded code is now stored (generated, so it cannot drift) and compared with plain text equality
-- (leakproof): one code is an index probe, 10 000 codes a join on a ready column.
alter table produto add column chave_codigo text generated always as (lpad(codigo_interno, 14, '0')) stored;
alter table codigo_auxiliar add column chave_codigo text generated always as (lpad(id, 14, '0')) stored;

create index produto_chave_codigo_idx on produto (assinante_id, chave_codigo);
create index codigo_auxiliar_chave_codigo_idx on codigo_auxiliar (assinante_id, chave_codigo);
drop index produto_codigo14_idx;
drop index codigo_auxiliar_codigo14_idx;

analyze produto, codigo_auxiliar;
