-- Pruning the POS change feed's log (0442): a scheduled sweep (modules/frente-de-loja/carga.poda.ts) deletes the
-- changes older than the retention that no active device still needs: none of the row's store (or, for a
-- tenant-wide row, of any store) holds a confirmed marker before it. What was pruned is remembered per store
-- (loja_id 0 = the tenant-wide rows): a marker before that boundary could miss a removal, so the feed answers
-- "take the full load again" instead of a silent gap.
create table carga_poda (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  cursor_tx    xid8 not null,
  id           bigint not null,
  podado_em    timestamptz not null default now(),
  primary key (assinante_id, loja_id)
);
select app_proteger_tabela('carga_poda');

-- One batch across tenants (security definer: the sweep has no tenant); how many rows it removed.
create function app_carga_podar(p_dias integer, p_limite integer) returns integer
  language sql security definer set search_path = public
  as $$ with marcas as (
          select d.assinante_id, d.loja_id,
                 split_part(d.marcador_confirmado, ':', 1)::xid8 as tx,
                 split_part(d.marcador_confirmado, ':', 2)::bigint as id
            from dispositivo d
           where d.status = 'ATIVO' and d.marcador_confirmado ~ '^\d{1,20}:\d{1,19}$'),
        velhas as (
          select t.assinante_id, t.id from carga_alteracao t
           where t.registrado_em < now() - make_interval(days => p_dias)
             -- below every running transaction: a reader's horizon has passed it
             and t.cursor_tx < pg_snapshot_xmin(pg_current_snapshot())
             and not exists (
               select 1 from marcas m
                where m.assinante_id = t.assinante_id and (t.loja_id is null or t.loja_id = m.loja_id)
                  and (t.cursor_tx, t.id) > (m.tx, m.id))
           order by t.assinante_id, t.cursor_tx, t.id
           limit p_limite),
        apagadas as (
          delete from carga_alteracao c using velhas v
           where c.assinante_id = v.assinante_id and c.id = v.id
          returning c.assinante_id, coalesce(c.loja_id, 0) as loja_id, c.cursor_tx, c.id),
        fronteira as (
          select distinct on (assinante_id, loja_id) assinante_id, loja_id, cursor_tx, id from apagadas
           order by assinante_id, loja_id, cursor_tx desc, id desc),
        gravada as (
          insert into carga_poda as p (assinante_id, loja_id, cursor_tx, id)
          select assinante_id, loja_id, cursor_tx, id from fronteira
          on conflict (assinante_id, loja_id) do update
            set cursor_tx = excluded.cursor_tx, id = excluded.id, podado_em = now()
            where (p.cursor_tx, p.id) < (excluded.cursor_tx, excluded.id)
          returning 1)
        select count(*)::integer from apagadas $$;
