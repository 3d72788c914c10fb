-- Recount of the tax-scenario coverage (domain.md §3.5/§3.7) when what it depends on changes: a scenario
-- (by NCM or operação) created, edited or deleted, a grupo NCM's membership, a product's NCM/CEST/origem, or
-- an official table (NCM vigência, CEST, CFOP). Each change marks, in its own transaction, the NCM codes or
-- prefixes whose products must be evaluated again ('' = every product, '#' = the products without NCM;
-- `detectar` = the product detection of migration 0160 runs for them too, for official-table changes).
-- A durable job per tenant (apps/server/src/modules/fiscal/cenario-recontagem.ts) drains the marks and
-- writes SEM_CENARIO_FISCAL and CFOP_NAO_PERMITIDO_NFCE, which from now on belong to the coverage alone.

create table fiscal_recontagem_pendente (
  assinante_id integer not null default app_assinante() references assinante (id),
  ncm          text not null,
  detectar     boolean not null default false,
  criado_em    timestamptz not null default now(),
  primary key (assinante_id, ncm, detectar)
);
-- RLS enabled but not forced: the app role sees its tenant's marks only, while the owner's triggers on the
-- GLOBAL official tables (the loader, the SECURITY DEFINER inclusions of 0085) mark every tenant at once.
alter table fiscal_recontagem_pendente enable row level security;
create policy assinante_isolamento on fiscal_recontagem_pendente
  using (assinante_id = (select app_assinante())) with check (assinante_id = (select app_assinante()));

-- The round of a tenant's recount: the job's singleton key. The job starts by moving to the next round, so a
-- change committed after that start enqueues a new job instead of being absorbed by the running one (which
-- may have read the marks already); changes hold the row FOR SHARE while they enqueue, so the move waits
-- for them.
create table fiscal_recontagem_rodada (
  assinante_id integer primary key default app_assinante() references assinante (id),
  rodada       bigint not null default 0
);
select app_proteger_tabela('fiscal_recontagem_rodada');

-- Tenants with marks waiting (the periodic sweep enqueues their jobs: official-table changes and product
-- edits do not pass through a request that could enqueue).
create function app_recontagem_fiscal_assinantes() returns setof integer
  language sql stable security definer set search_path = public as $$
  select distinct assinante_id from fiscal_recontagem_pendente
$$;
revoke execute on function app_recontagem_fiscal_assinantes() from public;
grant execute on function app_recontagem_fiscal_assinantes() to retaguarda_app;

-- Scenario by NCM: its NCM, or every code/prefix of its grupo NCM (old and new rows).
create function app_recontagem_cenario_ncm() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    insert into fiscal_recontagem_pendente (assinante_id, ncm)
    select distinct c.assinante_id, coalesce(c.ncm, i.ncm) from novos c
      left join grupo_ncm_item i on c.ncm is null and i.grupo_ncm_id = c.grupo_ncm_id
     where coalesce(c.ncm, i.ncm) is not null
    on conflict do nothing;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into fiscal_recontagem_pendente (assinante_id, ncm)
    select distinct c.assinante_id, coalesce(c.ncm, i.ncm) from antigos c
      left join grupo_ncm_item i on c.ncm is null and i.grupo_ncm_id = c.grupo_ncm_id
     where coalesce(c.ncm, i.ncm) is not null
    on conflict do nothing;
  end if;
  return null;
end $$;
create trigger cenario_fiscal_ncm_recontagem_ins after insert on cenario_fiscal_ncm
  referencing new table as novos for each statement execute function app_recontagem_cenario_ncm();
create trigger cenario_fiscal_ncm_recontagem_upd after update on cenario_fiscal_ncm
  referencing old table as antigos new table as novos for each statement execute function app_recontagem_cenario_ncm();
create trigger cenario_fiscal_ncm_recontagem_del after delete on cenario_fiscal_ncm
  referencing old table as antigos for each statement execute function app_recontagem_cenario_ncm();

-- Scenario by operação: it gives the CFOP of every product.
create function app_recontagem_cenario_operacao() returns trigger language plpgsql as $$
begin
  insert into fiscal_recontagem_pendente (assinante_id, ncm) values (app_assinante(), '') on conflict do nothing;
  return null;
end $$;
create trigger cenario_fiscal_operacao_recontagem after insert or update or delete on cenario_fiscal_operacao
  for each statement execute function app_recontagem_cenario_operacao();

-- Grupo NCM membership: which group rules reach a product.
create function app_recontagem_grupo_ncm_item() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    insert into fiscal_recontagem_pendente (assinante_id, ncm)
    select distinct assinante_id, ncm from novos on conflict do nothing;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into fiscal_recontagem_pendente (assinante_id, ncm)
    select distinct assinante_id, ncm from antigos on conflict do nothing;
  end if;
  return null;
end $$;
create trigger grupo_ncm_item_recontagem_ins after insert on grupo_ncm_item
  referencing new table as novos for each statement execute function app_recontagem_grupo_ncm_item();
create trigger grupo_ncm_item_recontagem_upd after update on grupo_ncm_item
  referencing old table as antigos new table as novos for each statement execute function app_recontagem_grupo_ncm_item();
create trigger grupo_ncm_item_recontagem_del after delete on grupo_ncm_item
  referencing old table as antigos for each statement execute function app_recontagem_grupo_ncm_item();

-- A group switched on or off
create function app_recontagem_grupo_ncm() returns trigger language plpgsql as $$
begin
  insert into fiscal_recontagem_pendente (assinante_id, ncm)
  select distinct i.assinante_id, i.ncm from novos g join antigos o on o.id = g.id and o.ativo is distinct from g.ativo
    join grupo_ncm_item i on i.grupo_ncm_id = g.id
  on conflict do nothing;
  return null;
end $$;
create trigger grupo_ncm_recontagem_upd after update on grupo_ncm
  referencing old table as antigos new table as novos for each statement execute function app_recontagem_grupo_ncm();

-- A product's class (NCM, CEST, origem) or activity: its old and new NCM ('#' without one). The generator of
-- millions of rows turns it off with the detection (app.sem_inconsistencias = on) and recounts afterwards.
create function app_recontagem_produto() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('app.sem_inconsistencias', true), '') = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into fiscal_recontagem_pendente (assinante_id, ncm)
    select distinct assinante_id, coalesce(nullif(trim(ncm_id), ''), '#') from novos where ativo
    on conflict do nothing;
  else
    insert into fiscal_recontagem_pendente (assinante_id, ncm)
    select distinct x.assinante_id, x.ncm from novos n join antigos o on o.id = n.id
      cross join lateral (values (n.assinante_id, coalesce(nullif(trim(n.ncm_id), ''), '#')),
                                 (o.assinante_id, coalesce(nullif(trim(o.ncm_id), ''), '#'))) x (assinante_id, ncm)
     where (n.ncm_id, n.cest, n.origem, n.ativo) is distinct from (o.ncm_id, o.cest, o.origem, o.ativo)
    on conflict do nothing;
  end if;
  return null;
end $$;
create trigger produto_recontagem_ins after insert on produto
  referencing new table as novos for each statement execute function app_recontagem_produto();
create trigger produto_recontagem_upd after update on produto
  referencing old table as antigos new table as novos for each statement execute function app_recontagem_produto();

-- Official tables (global): every tenant, for the codes that really changed (the loader upserts every row
-- of a new version). NCM and CEST changes also run the product detection (NCM_INEXISTENTE_OU_VENCIDO,
-- SEM_CEST, CEST_INCOMPATIVEL_NCM); a CFOP change reaches every product through the operation rules.
create function app_recontagem_oficial_marcar(p_ncms text[]) returns void language sql as $$
  insert into fiscal_recontagem_pendente (assinante_id, ncm, detectar)
  select a.id, x.ncm, true from assinante a cross join (select distinct unnest(p_ncms) as ncm) x
   where x.ncm is not null
  on conflict do nothing
$$;

create function app_recontagem_ncm_oficial() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform app_recontagem_oficial_marcar(array(select codigo from novos));
  elsif tg_op = 'DELETE' then
    perform app_recontagem_oficial_marcar(array(select codigo from antigos));
  else
    perform app_recontagem_oficial_marcar(array(select n.codigo from novos n join antigos o on o.codigo = n.codigo
      where (n.digitos, n.data_inicio, n.data_fim) is distinct from (o.digitos, o.data_inicio, o.data_fim)));
  end if;
  return null;
end $$;
create trigger ncm_oficial_recontagem_ins after insert on ncm_oficial
  referencing new table as novos for each statement execute function app_recontagem_ncm_oficial();
create trigger ncm_oficial_recontagem_upd after update on ncm_oficial
  referencing old table as antigos new table as novos for each statement execute function app_recontagem_ncm_oficial();
create trigger ncm_oficial_recontagem_del after delete on ncm_oficial
  referencing old table as antigos for each statement execute function app_recontagem_ncm_oficial();

-- CEST: the NCM codes or prefixes it lists (an unchanged row of a reload changes nothing)
create function app_recontagem_cest_oficial() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform app_recontagem_oficial_marcar(array(select ncm from novos));
  elsif tg_op = 'DELETE' then
    perform app_recontagem_oficial_marcar(array(select ncm from antigos));
  end if;
  return null;
end $$;
create trigger cest_oficial_recontagem_ins after insert on cest_oficial
  referencing new table as novos for each statement execute function app_recontagem_cest_oficial();
create trigger cest_oficial_recontagem_del after delete on cest_oficial
  referencing old table as antigos for each statement execute function app_recontagem_cest_oficial();

-- CFOP: a code that stops (or starts) being usable on a document changes what the operation rules give, for
-- every product (a code cannot be added under a rule nor deleted from under one: the rules reference it).
create function app_recontagem_cfop_oficial() returns trigger language plpgsql as $$
begin
  if exists (select 1 from novos n join antigos o on o.codigo = n.codigo where n.utilizavel is distinct from o.utilizavel) then
    insert into fiscal_recontagem_pendente (assinante_id, ncm) select id, '' from assinante on conflict do nothing;
  end if;
  return null;
end $$;
create trigger cfop_oficial_recontagem_upd after update on cfop_oficial
  referencing old table as antigos new table as novos for each statement execute function app_recontagem_cfop_oficial();

-- CFOP_NAO_PERMITIDO_NFCE leaves the product detection: the coverage writes it (the resolved CFOP of the NFC-e
-- sale per store), so a product write no longer deletes rows it would never write back. Same bodies as
-- 0160/0162 otherwise.
create or replace function app_detectar_inconsistencias(p_produtos integer[] default null) returns integer
  language plpgsql as $$
declare
  alvo text := case when p_produtos is null then 'true' else 'p.id = any($1)' end;
  n integer := 0;
  k integer;
  tipos text[] := array['SEM_NCM', 'NCM_INEXISTENTE_OU_VENCIDO', 'SEM_CEST', 'CEST_INCOMPATIVEL_NCM',
    'SEM_NATUREZA_RECEITA', 'CST_PIS_COFINS_INCOMPATIVEL', 'SEM_REGIME_ESTADUAL_LOJA', 'SEM_SITUACAO_FISCAL',
    'CST_INCOMPATIVEL_CRT', 'GTIN_INVALIDO'];
  ins constant text := 'insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe) ';
begin
  if p_produtos is null then
    delete from inconsistencia_produto where tipo = any (tipos) and (produto_id is not null);
  else
    delete from inconsistencia_produto where produto_id = any (p_produtos) and tipo = any (tipos);
  end if;

  -- SEM_NCM
  execute ins || format($q$
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'SEM_NCM', null, 'Produto sem NCM.'
      from produto p where p.ativo and p.ncm_id is null and %s $q$, alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- NCM_INEXISTENTE_OU_VENCIDO: not an 8-digit code of the table, or out of force
  execute ins || format($q$
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'NCM_INEXISTENTE_OU_VENCIDO', p.ncm_id,
           case when o.codigo is null or o.digitos <> 8 then 'NCM inexistente na tabela oficial.' else 'NCM fora de vigência.' end
      from produto p left join ncm_oficial o on o.codigo = p.ncm_id
     where p.ativo and p.ncm_id is not null and (o.codigo is null or o.digitos <> 8 or o.data_fim < current_date) and %s $q$,
    alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- SEM_CEST (warning): the NCM (or a prefix of it) is in the CEST annexes and the product has none;
  -- resolved once per distinct NCM, not per product
  execute ins || format($q$
    with alvo as (select p.* from produto p where p.ativo and p.cest is null and p.ncm_id is not null and %s),
    ncms as (select d.ncm from (select distinct ncm_id as ncm from alvo) d
              where exists (select 1 from cest_oficial c where c.ncm = any (array[left(d.ncm, 2), left(d.ncm, 3), left(d.ncm, 4),
                left(d.ncm, 5), left(d.ncm, 6), left(d.ncm, 7), d.ncm])))
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'SEM_CEST', p.ncm_id, 'NCM sujeito a substituição tributária exige CEST.'
      from alvo p join ncms on ncms.ncm = p.ncm_id $q$, alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- CEST_INCOMPATIVEL_NCM: the CEST does not list the product's NCM (nor a prefix of it); per distinct pair
  execute ins || format($q$
    with alvo as (select p.* from produto p where p.ativo and p.cest is not null and %s),
    pares as (select d.ncm, d.cest from (select distinct ncm_id as ncm, cest from alvo) d
               where d.ncm is null or not exists (select 1 from cest_oficial c where c.codigo = d.cest
                 and c.ncm = any (array[left(d.ncm, 2), left(d.ncm, 3), left(d.ncm, 4), left(d.ncm, 5), left(d.ncm, 6),
                                        left(d.ncm, 7), d.ncm])))
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'CEST_INCOMPATIVEL_NCM', p.cest,
           'O CEST ' || p.cest || ' não pertence ao NCM ' || coalesce(p.ncm_id, '(sem NCM)') || '.'
      from alvo p join pares x on x.cest = p.cest and x.ncm is not distinct from p.ncm_id $q$, alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- SEM_NATUREZA_RECEITA: no PIS/COFINS nature, or an exit CST 02–09 without the natureza da receita code
  execute ins || format($q$
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'SEM_NATUREZA_RECEITA', n.cst_saida,
           case when n.id is null then 'Produto sem natureza PIS/COFINS.'
                else 'CST PIS/COFINS ' || n.cst_saida || ' sem natureza da receita.' end
      from produto p left join natureza_pis_cofins n on n.assinante_id = p.assinante_id and n.id = p.natureza_de_imposto_federal_id
     where p.ativo and (n.id is null or (n.cst_saida between '02' and '09' and n.natureza_receita is null)) and %s $q$,
    alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- CST_PIS_COFINS_INCOMPATIVEL: the nature's exit CST is an entry CST, or its entry CST is an exit one
  execute ins || format($q$
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'CST_PIS_COFINS_INCOMPATIVEL', coalesce(n.cst_saida, n.cst_entrada),
           'CST PIS/COFINS de saída ' || coalesce(n.cst_saida, '-') || ' / entrada ' || coalesce(n.cst_entrada, '-') || ' incompatível com a operação.'
      from produto p join natureza_pis_cofins n on n.assinante_id = p.assinante_id and n.id = p.natureza_de_imposto_federal_id
      left join cst_pis_cofins s on s.codigo = n.cst_saida
      left join cst_pis_cofins e on e.codigo = n.cst_entrada
     where p.ativo and (s.tipo_operacao = 'entrada' or e.tipo_operacao = 'saida') and %s $q$, alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- SEM_REGIME_ESTADUAL_LOJA: one row per active store the product has no state regime in
  execute ins || format($q$
    select p.assinante_id, p.id, l.id, p.codigo_interno, p.descricao, 'SEM_REGIME_ESTADUAL_LOJA', null,
           'Sem regime tributário estadual na loja ' || l.sigla || '.'
      from produto p join loja l on l.assinante_id = p.assinante_id and l.ativo
     where p.ativo and %s and not exists (select 1 from produto_regime r where r.produto_id = p.id and r.loja_id = l.id) $q$,
    alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- SEM_SITUACAO_FISCAL: no exit tax situation (the POS prints it)
  execute ins || format($q$
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'SEM_SITUACAO_FISCAL', null, 'Produto sem situação fiscal de saída.'
      from produto p where p.ativo and p.situacao_fiscal_saida_id is null and %s $q$, alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- CST_INCOMPATIVEL_CRT: in a store, the regime's exit situation gives only a CST under CRT 1/2/4
  -- (Simples: CSOSN) or only a CSOSN under CRT 3
  execute ins || format($q$
    select p.assinante_id, p.id, l.id, p.codigo_interno, p.descricao, 'CST_INCOMPATIVEL_CRT', coalesce(s.csosn, s.cst),
           case when l.crt = 3 then 'CSOSN ' || s.csosn || ' em loja do regime normal (CRT 3).'
                else 'CST ' || s.cst || ' em loja do Simples Nacional (CRT ' || l.crt || ').' end
      from produto p join produto_regime r on r.produto_id = p.id
      join loja l on l.id = r.loja_id and l.ativo
      join regime_tributario rt on rt.id = r.regime_estadual_id
      join situacao_fiscal s on s.id = rt.situacao_fiscal_saida_id
     where p.ativo and %s and ((l.crt = 3 and s.cst is null and s.csosn is not null)
                            or (l.crt <> 3 and s.csosn is null and s.cst is not null)) $q$, alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  -- GTIN_INVALIDO: an EAN barcode of the wrong length or check digit
  execute ins || format($q$
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'GTIN_INVALIDO', c.id, 'GTIN ' || c.id || ' inválido.'
      from produto p join codigo_auxiliar c on c.produto_id = p.id and c.ativo and c.tipo = 'EAN'
     where p.ativo and %s and not app_gtin_valido(c.id) $q$, alvo) using p_produtos;
  get diagnostics k = row_count; n := n + k;

  return n;
end $$;

create or replace function app_detectar_inconsistencias_produtos(p_produtos integer[]) returns integer
  language plpgsql as $$
declare
  n integer := 0;
  k integer;
  tipos text[] := array['SEM_NCM', 'NCM_INEXISTENTE_OU_VENCIDO', 'SEM_CEST', 'CEST_INCOMPATIVEL_NCM',
    'SEM_NATUREZA_RECEITA', 'CST_PIS_COFINS_INCOMPATIVEL', 'SEM_REGIME_ESTADUAL_LOJA', 'SEM_SITUACAO_FISCAL',
    'CST_INCOMPATIVEL_CRT', 'GTIN_INVALIDO'];
begin
  delete from inconsistencia_produto where produto_id = any (p_produtos) and tipo = any (tipos);

  -- SEM_NCM
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'SEM_NCM', null, 'Produto sem NCM.'
      from produto p where p.ativo and p.ncm_id is null and p.id = any (p_produtos) ;
  get diagnostics k = row_count; n := n + k;

  -- NCM_INEXISTENTE_OU_VENCIDO: not an 8-digit code of the table, or out of force
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'NCM_INEXISTENTE_OU_VENCIDO', p.ncm_id,
           case when o.codigo is null or o.digitos <> 8 then 'NCM inexistente na tabela oficial.' else 'NCM fora de vigência.' end
      from produto p left join ncm_oficial o on o.codigo = p.ncm_id
     where p.ativo and p.ncm_id is not null and (o.codigo is null or o.digitos <> 8 or o.data_fim < current_date) and p.id = any (p_produtos) ;
  get diagnostics k = row_count; n := n + k;

  -- SEM_CEST (warning): the NCM (or a prefix of it) is in the CEST annexes and the product has none;
  -- resolved once per distinct NCM, not per product
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    with alvo as (select p.* from produto p where p.ativo and p.cest is null and p.ncm_id is not null and p.id = any (p_produtos)),
    ncms as (select d.ncm from (select distinct ncm_id as ncm from alvo) d
              where exists (select 1 from cest_oficial c where c.ncm = any (array[left(d.ncm, 2), left(d.ncm, 3), left(d.ncm, 4),
                left(d.ncm, 5), left(d.ncm, 6), left(d.ncm, 7), d.ncm])))
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'SEM_CEST', p.ncm_id, 'NCM sujeito a substituição tributária exige CEST.'
      from alvo p join ncms on ncms.ncm = p.ncm_id ;
  get diagnostics k = row_count; n := n + k;

  -- CEST_INCOMPATIVEL_NCM: the CEST does not list the product's NCM (nor a prefix of it); per distinct pair
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    with alvo as (select p.* from produto p where p.ativo and p.cest is not null and p.id = any (p_produtos)),
    pares as (select d.ncm, d.cest from (select distinct ncm_id as ncm, cest from alvo) d
               where d.ncm is null or not exists (select 1 from cest_oficial c where c.codigo = d.cest
                 and c.ncm = any (array[left(d.ncm, 2), left(d.ncm, 3), left(d.ncm, 4), left(d.ncm, 5), left(d.ncm, 6),
                                        left(d.ncm, 7), d.ncm])))
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'CEST_INCOMPATIVEL_NCM', p.cest,
           'O CEST ' || p.cest || ' não pertence ao NCM ' || coalesce(p.ncm_id, '(sem NCM)') || '.'
      from alvo p join pares x on x.cest = p.cest and x.ncm is not distinct from p.ncm_id ;
  get diagnostics k = row_count; n := n + k;

  -- SEM_NATUREZA_RECEITA: no PIS/COFINS nature, or an exit CST 02–09 without the natureza da receita code
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'SEM_NATUREZA_RECEITA', n.cst_saida,
           case when n.id is null then 'Produto sem natureza PIS/COFINS.'
                else 'CST PIS/COFINS ' || n.cst_saida || ' sem natureza da receita.' end
      from produto p left join natureza_pis_cofins n on n.assinante_id = p.assinante_id and n.id = p.natureza_de_imposto_federal_id
     where p.ativo and (n.id is null or (n.cst_saida between '02' and '09' and n.natureza_receita is null)) and p.id = any (p_produtos) ;
  get diagnostics k = row_count; n := n + k;

  -- CST_PIS_COFINS_INCOMPATIVEL: the nature's exit CST is an entry CST, or its entry CST is an exit one
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'CST_PIS_COFINS_INCOMPATIVEL', coalesce(n.cst_saida, n.cst_entrada),
           'CST PIS/COFINS de saída ' || coalesce(n.cst_saida, '-') || ' / entrada ' || coalesce(n.cst_entrada, '-') || ' incompatível com a operação.'
      from produto p join natureza_pis_cofins n on n.assinante_id = p.assinante_id and n.id = p.natureza_de_imposto_federal_id
      left join cst_pis_cofins s on s.codigo = n.cst_saida
      left join cst_pis_cofins e on e.codigo = n.cst_entrada
     where p.ativo and (s.tipo_operacao = 'entrada' or e.tipo_operacao = 'saida') and p.id = any (p_produtos) ;
  get diagnostics k = row_count; n := n + k;

  -- SEM_REGIME_ESTADUAL_LOJA: one row per active store the product has no state regime in
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, l.id, p.codigo_interno, p.descricao, 'SEM_REGIME_ESTADUAL_LOJA', null,
           'Sem regime tributário estadual na loja ' || l.sigla || '.'
      from produto p join loja l on l.assinante_id = p.assinante_id and l.ativo
     where p.ativo and p.id = any (p_produtos) and not exists (select 1 from produto_regime r where r.produto_id = p.id and r.loja_id = l.id) ;
  get diagnostics k = row_count; n := n + k;

  -- SEM_SITUACAO_FISCAL: no exit tax situation (the POS prints it)
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'SEM_SITUACAO_FISCAL', null, 'Produto sem situação fiscal de saída.'
      from produto p where p.ativo and p.situacao_fiscal_saida_id is null and p.id = any (p_produtos) ;
  get diagnostics k = row_count; n := n + k;

  -- CST_INCOMPATIVEL_CRT: in a store, the regime's exit situation gives only a CST under CRT 1/2/4
  -- (Simples: CSOSN) or only a CSOSN under CRT 3
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, l.id, p.codigo_interno, p.descricao, 'CST_INCOMPATIVEL_CRT', coalesce(s.csosn, s.cst),
           case when l.crt = 3 then 'CSOSN ' || s.csosn || ' em loja do regime normal (CRT 3).'
                else 'CST ' || s.cst || ' em loja do Simples Nacional (CRT ' || l.crt || ').' end
      from produto p join produto_regime r on r.produto_id = p.id
      join loja l on l.id = r.loja_id and l.ativo
      join regime_tributario rt on rt.id = r.regime_estadual_id
      join situacao_fiscal s on s.id = rt.situacao_fiscal_saida_id
     where p.ativo and p.id = any (p_produtos) and ((l.crt = 3 and s.cst is null and s.csosn is not null)
                            or (l.crt <> 3 and s.csosn is null and s.cst is not null)) ;
  get diagnostics k = row_count; n := n + k;

  -- GTIN_INVALIDO: an EAN barcode of the wrong length or check digit
  insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, null, p.codigo_interno, p.descricao, 'GTIN_INVALIDO', c.id, 'GTIN ' || c.id || ' inválido.'
      from produto p join codigo_auxiliar c on c.produto_id = p.id and c.ativo and c.tipo = 'EAN'
     where p.ativo and p.id = any (p_produtos) and not app_gtin_valido(c.id) ;
  get diagnostics k = row_count; n := n + k;

  return n;
end $$;
