-- Average-cost recompute (ledger README: "values that follow posting order"). The weighted average is
-- written on each movement in POSTING order; after back-dated entries a store may want it in DATE order.
-- The ledger stays insert-only for the app role: only this function (SECURITY DEFINER, RLS still forced,
-- scoped to the caller's tenant) rewrites custo_medio_apos — and the unit cost of exits and cost-less
-- entries, which go out at the average — replaying the store's movements from a date in (data, id) order.

-- whether an entry carried its own cost (false: it entered at the average); null on rows posted before
alter table movimento_estoque add column custo_informado boolean;

create function app_estoque_recalcular_custo(p_loja integer, p_desde date, p_produtos integer[])
  returns table (produto integer, movimentos integer, custo numeric)
  language plpgsql security definer set search_path = public as $$
declare
  a integer := app_assinante();
  p integer;
  q numeric;
  m numeric;
  n integer;
  r record;
begin
  if a is null then
    raise exception 'app_estoque_recalcular_custo: sem assinante na sessão';
  end if;
  for p in
    select distinct x.produto_id from movimento_estoque x
     where x.assinante_id = a and x.loja_id = p_loja and x.data >= p_desde
       and (p_produtos is null or x.produto_id = any (p_produtos))
     order by 1
  loop
    -- the store's quantity and average at the end of the day before
    select coalesce(sum(x.quantidade), 0) into q from movimento_estoque x
     where x.assinante_id = a and x.loja_id = p_loja and x.produto_id = p and x.data < p_desde;
    select x.custo_medio_apos into m from movimento_estoque x
     where x.assinante_id = a and x.loja_id = p_loja and x.produto_id = p and x.data < p_desde
     order by x.data desc, x.id desc limit 1;
    m := coalesce(m, 0);
    n := 0;
    for r in
      select x.data, x.id, x.quantidade, x.custo_unitario, x.custo_informado from movimento_estoque x
       where x.assinante_id = a and x.loja_id = p_loja and x.produto_id = p and x.data >= p_desde
       order by x.data, x.id
    loop
      if r.quantidade > 0 and coalesce(r.custo_informado, true) then
        m := case when q <= 0 then round(r.custo_unitario, 6)
                  else round((q * m + r.quantidade * r.custo_unitario) / (q + r.quantidade), 6) end;
        update movimento_estoque set custo_medio_apos = m
         where assinante_id = a and data = r.data and id = r.id;
      else
        update movimento_estoque set custo_unitario = m, custo_medio_apos = m
         where assinante_id = a and data = r.data and id = r.id;
      end if;
      q := q + r.quantidade;
      n := n + 1;
    end loop;
    update custo_medio_estoque c set custo_medio = m
     where c.assinante_id = a and c.loja_id = p_loja and c.produto_id = p;
    produto := p;
    movimentos := n;
    custo := m;
    return next;
  end loop;
end $$;
revoke execute on function app_estoque_recalcular_custo(integer, date, integer[]) from public;
