-- Full detection at scale (bench: 1 M products): the result table is a derived cache, recomputed set-based,
-- so its rows do not pay three foreign-key checks each (the product's deletion removes its rows through a
-- statement trigger instead of the cascade), and the GTIN check digit is plain arithmetic the planner
-- inlines (no set-returning subquery per barcode).

alter table inconsistencia_produto
  drop constraint if exists inconsistencia_produto_assinante_id_fkey,
  drop constraint if exists inconsistencia_produto_produto_id_fkey,
  drop constraint if exists inconsistencia_produto_loja_id_fkey;

create function app_inconsistencias_produto_excluido() returns trigger language plpgsql as $$
begin
  delete from inconsistencia_produto where produto_id in (select id from antigos);
  return null;
end $$;
create trigger produto_inconsistencias_del after delete on produto
  referencing old table as antigos for each statement execute function app_inconsistencias_produto_excluido();

-- GTIN-8/12/13/14, mod 10: the body (without the check digit) left-padded to 13 digits, weights 3 on the
-- odd positions (the rightmost digit of the body is position 13), 1 on the even ones
create or replace function app_gtin_valido(c text) returns boolean language sql immutable parallel safe as $$
  select case when c ~ '^(\d{8}|\d{12}|\d{13}|\d{14})$' then
    (10 - (((substr(lpad(left(c, length(c) - 1), 13, '0'), 1, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 3, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 5, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 7, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 9, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 11, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 13, 1)::int) * 3
           + (substr(lpad(left(c, length(c) - 1), 13, '0'), 2, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 4, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 6, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 8, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 10, 1)::int + substr(lpad(left(c, length(c) - 1), 13, '0'), 12, 1)::int)) % 10)) % 10 = right(c, 1)::int
  else false end
$$;

-- the barcodes failing the check digit, found at write time: the full detection reads this small index
-- instead of checking every barcode again
create index codigo_auxiliar_gtin_invalido_idx on codigo_auxiliar (produto_id)
  where ativo and tipo = 'EAN' and not app_gtin_valido(id);

-- The recount of the products a statement wrote (the triggers' path), in static SQL: its plans are
-- prepared once per session and reused, where the dynamic statements of the full recount are planned on
-- every call (a product edit paid ~10 plannings). Same rules as app_detectar_inconsistencias.
create function app_detectar_inconsistencias_produtos(p_produtos integer[]) returns integer
  language plpgsql as $$
declare
  n integer := 0;
  k integer;
  tipos text[] := array['SEM_NCM', 'NCM_INEXISTENTE_OU_VENCIDO', 'SEM_CEST', 'CEST_INCOMPATIVEL_NCM',
    'SEM_NATUREZA_RECEITA', 'CST_PIS_COFINS_INCOMPATIVEL', 'SEM_REGIME_ESTADUAL_LOJA', 'SEM_SITUACAO_FISCAL',
    'CST_INCOMPATIVEL_CRT', 'GTIN_INVALIDO', 'CFOP_NAO_PERMITIDO_NFCE'];
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

create or replace function app_inconsistencias_apos_escrita() returns trigger language plpgsql as $$
declare ids integer[];
begin
  if coalesce(current_setting('app.sem_inconsistencias', true), '') = 'on' then
    return null;
  end if;
  if tg_table_name = 'produto' then
    select array_agg(distinct id) into ids from novos;
  else
    select array_agg(distinct produto_id) into ids from novos;
  end if;
  if ids is not null then
    perform app_detectar_inconsistencias_produtos(ids);
  end if;
  return null;
end $$;

create or replace function app_inconsistencias_apos_exclusao() returns trigger language plpgsql as $$
declare ids integer[];
begin
  if coalesce(current_setting('app.sem_inconsistencias', true), '') = 'on' then
    return null;
  end if;
  select array_agg(distinct produto_id) into ids from antigos;
  if ids is not null then
    perform app_detectar_inconsistencias_produtos(ids);
  end if;
  return null;
end $$;
