-- NCM descriptions as people read them (issue: the picker showed "-- Outros"): the TIPI dashes that
-- mark the level are not part of the text, and an 8-digit code shows its parent's text before its own
-- ("Perfumes e águas-de-colônia › Outros"), so "Outros" means something. The official text stays in
-- ncm_oficial (descricao_original too); only the register's view changes.
create or replace function ncm_texto(t text) returns text language sql immutable parallel safe as $$
  select regexp_replace(regexp_replace(coalesce(t, ''), '^[\s\-–—]+', ''), '[\s:;.]+$', '')
$$;

create or replace view ncm_cadastro with (security_invoker = true) as
  select n.codigo as id, n.codigo_formatado, n.digitos, n.nivel, n.capitulo as genero_id, n.codigo_pai,
         case when n.digitos = 8 and p.codigo is not null
              then ncm_texto(p.descricao) || ' › ' || ncm_texto(n.descricao)
              else ncm_texto(n.descricao) end as descricao,
         n.data_inicio, n.data_fim, (n.digitos = 8 and n.data_fim >= current_date) as vigente,
         l.observacao, coalesce(l.ativo, true) as ativo, l.id_externo,
         timestamptz '2026-08-13 00:00:00-03' as criado_em,
         coalesce(l.alterado_em, timestamptz '2026-08-13 00:00:00-03') as alterado_em, coalesce(l.versao, 1) as versao,
         (select i.grupo_ncm_id from grupo_ncm_item i
           where i.ncm = any (array[left(n.codigo, 2), left(n.codigo, 3), left(n.codigo, 4), left(n.codigo, 5),
                                    left(n.codigo, 6), left(n.codigo, 7), n.codigo])
           order by length(i.ncm) desc limit 1) as grupo_ncm_id
    from ncm_oficial n
    left join ncm_oficial p on p.codigo = n.codigo_pai
    left join ncm_local l on l.codigo = n.codigo and l.assinante_id = app_assinante();
