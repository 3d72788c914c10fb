-- The code resolution (codigos.resolver.ts) matches thousands of keys at once with `chave_codigo = any(keys)`:
-- the planner then reads the tenant's key index once and hashes the keys. With the columns the resolution needs
-- included in the index, that pass is index-only (no visit to each product's or code's row).
drop index produto_chave_codigo_idx;
create index produto_chave_codigo_idx on produto (assinante_id, chave_codigo) include (id, codigo_interno);
drop index codigo_auxiliar_chave_codigo_idx;
create index codigo_auxiliar_chave_codigo_idx on codigo_auxiliar (assinante_id, chave_codigo)
  include (id, produto_id, tipo, fator, ativo);

analyze produto, codigo_auxiliar;
