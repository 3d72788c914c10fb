-- The POS change feed's log (POST /api/v1/pessoa/lojas/{lojaId}/cargas): one row per changed record of a fed
-- table, written by statement triggers (as movimento_estoque_resumo_dia in 0132), so every write path — register
-- engine, imports, commands, SQL — feeds it in the writer's own transaction, deletions included (registers
-- delete rows: the feed must report them as removidos). Read through the commit-safe sync cursor (0392):
-- a reader never skips a change committed behind its marker. `loja_id` is set when the record belongs to one
-- store (a price, a store's POS functions); null means any store (the reader decides, e.g. a message's stores).
create table carga_alteracao (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            bigint generated always as identity,
  entidade      text not null,
  chave         text not null,
  loja_id       integer,
  registrado_em timestamptz not null default now(),
  primary key (assinante_id, id)
);
select app_proteger_tabela('carga_alteracao');
select app_cursor_adotar('carga_alteracao');
create index carga_alteracao_registrado_idx on carga_alteracao (assinante_id, registrado_em);

-- tg_argv: entity name, key expression, store expression (over the transition table's columns)
create function app_carga_registrar() returns trigger language plpgsql as $$
declare
  origem text := case tg_op when 'INSERT' then 'novos' when 'DELETE' then 'antigos'
                            else '(select * from novos union all select * from antigos)' end;
begin
  execute format(
    'insert into carga_alteracao (assinante_id, entidade, chave, loja_id)
     select distinct t.assinante_id, %L, (%s)::text, (%s)::int from %s t order by 1, 3',
    tg_argv[0], tg_argv[1], tg_argv[2], origem);
  return null;
end $$;

create function app_carga_alimentar(p_tabela regclass, p_entidade text, p_chave text, p_loja text)
returns void language plpgsql as $$
begin
  execute format('create trigger carga_ins after insert on %s referencing new table as novos
                  for each statement execute function app_carga_registrar(%L, %L, %L)', p_tabela, p_entidade, p_chave, p_loja);
  execute format('create trigger carga_upd after update on %s referencing old table as antigos new table as novos
                  for each statement execute function app_carga_registrar(%L, %L, %L)', p_tabela, p_entidade, p_chave, p_loja);
  execute format('create trigger carga_del after delete on %s referencing old table as antigos
                  for each statement execute function app_carga_registrar(%L, %L, %L)', p_tabela, p_entidade, p_chave, p_loja);
end $$;

select app_carga_alimentar('produto', 'PRODUTO', 't.id', 'null');
select app_carga_alimentar('preco', 'PRECO', 't.id', 't.loja_id');
select app_carga_alimentar('codigo_auxiliar', 'CODIGO_AUXILIAR', 't.id', 'null');
select app_carga_alimentar('forma_pagamento', 'FORMA_PAGAMENTO', 't.id', 'null');
select app_carga_alimentar('mensagem_promocional', 'MENSAGEM_PROMOCIONAL', 't.id', 'null');
select app_carga_alimentar('funcao_pdv_versao', 'FUNCAO_PDV', 't.id', 't.id');
