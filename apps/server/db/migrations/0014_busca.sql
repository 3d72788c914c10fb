-- Search tuning for register lists: unaccent() is expensive per row; telling the planner so makes it
-- prefer the trigram indexes on unaccent(col) over sequential scans for "contains" filters.
alter function unaccent(text) cost 100;
drop index if exists ncm_oficial_codigo_trgm;
create index ncm_oficial_codigo_trgm on ncm_oficial using gin (unaccent(codigo) gin_trgm_ops);
create index produto_codigo_interno_trgm on produto using gin (unaccent(codigo_interno) gin_trgm_ops);
