-- Settings kit (issue #25.6): every tenant and store parameter declared in packages/domain/src/configuracoes
-- keeps its value here, one row per key and level: loja_id null = the tenant's value (a store-scoped
-- parameter's value for every store), otherwise that store's own. No row = the declaration's default.
-- versao serves the API's optimistic concurrency (a PUT carrying a stale versao is a 409).
create table configuracao_parametro (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           bigint generated always as identity,
  chave        text not null check (chave ~ '^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$' and length(chave) <= 80),
  loja_id      integer,
  valor        jsonb not null check (jsonb_typeof(valor) in ('boolean', 'number', 'string')),
  versao       integer not null default 1,
  alterado_em  timestamptz not null default now(),
  alterado_por integer,
  primary key (assinante_id, id),
  unique nulls not distinct (assinante_id, chave, loja_id),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id) on delete cascade
);
select app_proteger_tabela('configuracao_parametro');

-- The stock table folds in: its policy becomes the store-level 'estoque.permiteSaldoNegativo'.
insert into configuracao_parametro (assinante_id, chave, loja_id, valor)
select assinante_id, 'estoque.permiteSaldoNegativo', loja_id, to_jsonb(permite_saldo_negativo)
  from configuracao_estoque_loja;
drop table configuracao_estoque_loja;

-- The stock postings (modules/estoque/lancamento.ts) and the stock parameters read keep reading the policy
-- per store under its old name: the store's own value, else the tenant's; null = the declared default (true).
-- security_invoker: the caller's row-level security applies to the tables below.
create view configuracao_estoque_loja with (security_invoker = true) as
select l.assinante_id, l.id as loja_id,
       coalesce(pl.valor, pa.valor)::boolean as permite_saldo_negativo
  from loja l
  left join configuracao_parametro pl
    on pl.assinante_id = l.assinante_id and pl.chave = 'estoque.permiteSaldoNegativo' and pl.loja_id = l.id
  left join configuracao_parametro pa
    on pa.assinante_id = l.assinante_id and pa.chave = 'estoque.permiteSaldoNegativo' and pa.loja_id is null;
