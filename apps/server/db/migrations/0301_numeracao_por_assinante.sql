-- @backup-antes (rewrites the keys of existing tables in place: scripts/backup.sh runs first)
-- Per-tenant numbering of the records users see codes for: each tenant's registers and stock documents
-- are numbered 1, 2, 3… in that tenant's own order, instead of by one sequence shared by every tenant
-- (a tenant's new product got code 19 after its own 7, telling it how active the others are).
-- Existing ids do not change (integrations hold them); a new record takes the tenant's highest code + 1.
--
-- The code is claimed with pg_try_advisory_xact_lock on (table, tenant, code): a concurrent create, on
-- any app instance, skips a code an open transaction holds instead of waiting for it (a counter row
-- locked until commit made every create of a tenant wait for the open one — the fault the register row
-- counter had, see 0190). After the claim the code itself is checked again (READ COMMITTED: a fresh
-- snapshot per statement), since a transaction that held it may have committed it just before. A create
-- that rolls back gives its code back to the next create (a gap only if a later code was taken
-- meanwhile); a code is never given twice.
--
-- A transaction cannot keep a lock per code when it numbers many rows (COPY, multi-row inserts, seeds:
-- the lock table holds max_locks_per_transaction × connections). It counts its claims in a
-- transaction-local setting (numeracao.codigos) and past 16 numbers "in bulk": one exclusive lock on
-- (table, tenant) until commit, each code tested (taken and released) rather than kept, its last code in
-- another transaction-local setting so each row costs one read. A single create tests the bulk lock
-- after its claim and waits for a bulk that holds it (Dekker order: the single claims, then tests the
-- bulk lock; the bulk takes its lock, then tests each code), so neither takes the other's code.
--
-- The highest code is max(id) (the primary key (assinante_id, id) answers it) or, once the records
-- holding the highest codes were deleted, the code numeracao_assinante keeps: a deleted record's code is
-- never given to another record. An explicit id (seeds, restores, imports that keep codes) is kept, and
-- the next codes continue after it.
--
-- Not numbered per tenant (bigserial/uuid, still keyed by (assinante_id, id)): identity and stores
-- (usuario, grupo, loja, sessions, keys: their ids travel in tokens, sessions and every store scope,
-- and users know them by username, name or the store's sigla), child rows of a register (preco, custo,
-- produto_fornecedor, contacts, items, regimes), and internal or high-rate tables (auditoria, tarefa,
-- notificacao, relatorio, movimento_estoque and its summaries, inconsistency lots): nobody reads their
-- codes, and a numbering step per row would only cost.
create table numeracao_assinante (
  assinante_id integer not null references assinante (id),
  tabela       text not null,
  ultimo       bigint not null,
  primary key (assinante_id, tabela)
);
select app_proteger_tabela('numeracao_assinante');

-- AFTER DELETE, per statement: when a deleted record held its tenant's highest code, the code is kept
-- (only then is the counter row written, and locked until commit).
create function app_numeracao_excluidos() returns trigger language plpgsql as $$
declare
  r record;
  acima boolean;
begin
  for r in select assinante_id, max(id) as id from antigas group by assinante_id loop
    execute format('select exists (select 1 from %I where assinante_id = $1 and id > $2)', tg_table_name)
      into acima using r.assinante_id, r.id;
    if not acima then
      insert into numeracao_assinante as n (assinante_id, tabela, ultimo) values (r.assinante_id, tg_table_name, r.id)
        on conflict (assinante_id, tabela) do update set ultimo = excluded.ultimo where n.ultimo < excluded.ultimo;
    end if;
  end loop;
  return null;
end $$;

-- Numbers a tenant table per tenant: its id loses its sequence (or identity), and the table gets its own
-- BEFORE INSERT trigger function (static SQL, so its plans are cached: a generic one with EXECUTE
-- planned its reads on every row, 3× slower) and the AFTER DELETE trigger above.
-- For registers created later: `select app_numerar_tabela('nova_tabela');`
create function app_numerar_tabela(t text) returns void language plpgsql as $$
declare
  seq text := pg_get_serial_sequence(t, 'id');
  funcao text := 'app_numerar_' || t;
begin
  if exists (select 1 from pg_attribute where attrelid = t::regclass and attname = 'id' and attidentity <> '') then
    execute format('alter table %I alter column id drop identity', t);
  elsif seq is not null then
    execute format('alter table %I alter column id drop default', t);
    execute format('drop sequence %s', seq);
  end if;
  -- a row without id gets its tenant's next code (see the head of this file)
  execute format($f$
    create function %1$I() returns trigger language plpgsql as $c$
    declare
      v_prefixo text;
      v_lote bigint;
      v_dados integer;
      v_em_lote boolean;
      v_maior bigint;
      v_codigo bigint := 0;
    begin
      if new.id is not null then
        return new;
      end if;
      v_prefixo := %3$L || new.assinante_id || ':';
      v_lote := hashtextextended(v_prefixo || 'lote', 0);
      v_dados := coalesce(nullif(current_setting('numeracao.codigos', true), ''), '0')::integer;
      v_em_lote := v_dados >= 16;
      if v_em_lote then
        perform pg_advisory_xact_lock(v_lote);
        -- after the last code this transaction gave here (own rows are visible to the read below)
        v_codigo := coalesce(nullif(current_setting(%4$L || new.assinante_id, true), '')::bigint + 1, 0);
      else
        perform set_config('numeracao.codigos', (v_dados + 1)::text, true);
      end if;
      loop
        if v_codigo = 0 then
          select greatest(max(t.id), (select n.ultimo from numeracao_assinante n
                                     where n.assinante_id = new.assinante_id and n.tabela = %5$L))
            into v_maior from %2$I t where t.assinante_id = new.assinante_id;
          v_codigo := coalesce(v_maior, 0) + 1;
        end if;
        if v_em_lote then
          -- a code claimed by a single create still open is skipped (tested, not kept)
          while not pg_try_advisory_lock(hashtextextended(v_prefixo || v_codigo, 0)) loop
            v_codigo := v_codigo + 1;
          end loop;
          perform pg_advisory_unlock(hashtextextended(v_prefixo || v_codigo, 0));
        else
          -- claim the first code no open transaction holds; the claim lasts until commit
          while not pg_try_advisory_xact_lock(hashtextextended(v_prefixo || v_codigo, 0)) loop
            v_codigo := v_codigo + 1;
          end loop;
          -- a bulk numbering running (or started before our claim): wait for its commit
          if pg_try_advisory_lock_shared(v_lote) then
            perform pg_advisory_unlock_shared(v_lote);
          else
            perform pg_advisory_lock_shared(v_lote);
            perform pg_advisory_unlock_shared(v_lote);
          end if;
        end if;
        -- the code may have been committed (by a transaction that held it, or by the bulk) before our claim
        exit when not exists (select 1 from %2$I t where t.assinante_id = new.assinante_id and t.id = v_codigo)
              and v_codigo > coalesce((select n.ultimo from numeracao_assinante n
                                      where n.assinante_id = new.assinante_id and n.tabela = %5$L), 0);
        v_codigo := 0;
      end loop;
      if v_em_lote then
        perform set_config(%4$L || new.assinante_id, v_codigo::text, true);
      end if;
      new.id := v_codigo;
      return new;
    end $c$ $f$, funcao, t, 'numeracao:' || t || ':', 'numeracao.' || t || '_', t);
  execute format('create trigger numeracao_assinante before insert on %I for each row execute function %I()', t, funcao);
  execute format('create trigger numeracao_assinante_exclusao after delete on %I referencing old table as antigas '
                 'for each statement execute function app_numeracao_excluidos()', t);
end $$;

select app_numerar_tabela(t)
  from unnest(array[
    'agente_financeiro', 'aplicacao', 'caracteristica', 'cenario_fiscal_ncm', 'cenario_fiscal_operacao', 'cliente',
    'condutor', 'conta_corrente', 'contador', 'especie_documento', 'familia_produto', 'forma_pagamento', 'fornecedor',
    'funcionario', 'grupo_ncm', 'grupo_produto', 'historico_padrao', 'holding', 'local_estoque', 'marca',
    'mensagem_promocional', 'mix', 'motivo_acrescimo', 'motivo_cancelamento', 'motivo_desconto', 'motivo_requisicao',
    'motivo_troca_devolucao', 'processo_judicial', 'produto', 'ramo_atuacao', 'ramo_cliente', 'recurso_aprendizagem',
    'regime_tributario', 'secao', 'setor', 'setor_producao', 'similar_produto', 'situacao_fiscal', 'status_cliente',
    'subgrupo', 'tipo_acordo', 'tipo_ajuste', 'unidade', 'ajuste_estoque', 'transferencia_estoque']) t;

-- Codes now repeat across tenants: the joins of functions that may run past RLS (as the owner: seeds, the
-- definer sweep of 0201, a statement touching several tenants) match by (assinante_id, id), not by id alone
-- (the same rule the composite keys of 0300 and Citus' co-located joins need).
do $$
declare
  r record;
  def text;
  novo text;
begin
  for r in select * from (values
    ('app_detectar_inconsistencias', 'where r.produto_id = p.id and r.loja_id = l.id',
     'where r.assinante_id = p.assinante_id and r.produto_id = p.id and r.loja_id = l.id'),
    ('app_detectar_inconsistencias', 'join produto_regime r on r.produto_id = p.id',
     'join produto_regime r on r.assinante_id = p.assinante_id and r.produto_id = p.id'),
    ('app_detectar_inconsistencias', 'join loja l on l.id = r.loja_id',
     'join loja l on l.assinante_id = r.assinante_id and l.id = r.loja_id'),
    ('app_detectar_inconsistencias', 'join regime_tributario rt on rt.id = r.regime_estadual_id',
     'join regime_tributario rt on rt.assinante_id = r.assinante_id and rt.id = r.regime_estadual_id'),
    ('app_detectar_inconsistencias', 'join situacao_fiscal s on s.id = rt.situacao_fiscal_saida_id',
     'join situacao_fiscal s on s.assinante_id = rt.assinante_id and s.id = rt.situacao_fiscal_saida_id'),
    ('app_detectar_inconsistencias', 'join codigo_auxiliar c on c.produto_id = p.id',
     'join codigo_auxiliar c on c.assinante_id = p.assinante_id and c.produto_id = p.id'),
    ('app_inconsistencias_produto_excluido', 'where produto_id in (select id from antigos)',
     'where (assinante_id, produto_id) in (select assinante_id, id from antigos)'),
    ('app_recontagem_cenario_ncm', 'i.grupo_ncm_id = c.grupo_ncm_id',
     'i.assinante_id = c.assinante_id and i.grupo_ncm_id = c.grupo_ncm_id'),
    ('app_recontagem_virada_do_dia', 'i.grupo_ncm_id = c.grupo_ncm_id',
     'i.assinante_id = c.assinante_id and i.grupo_ncm_id = c.grupo_ncm_id'),
    ('app_recontagem_virada_do_dia', 'where c.ativo and', 'where c.assinante_id = a and c.ativo and'),
    ('app_recontagem_virada_do_dia', 'where o.ativo and', 'where o.assinante_id = a and o.ativo and'),
    ('app_recontagem_grupo_ncm', 'join antigos o on o.id = g.id', 'join antigos o on o.assinante_id = g.assinante_id and o.id = g.id'),
    ('app_recontagem_grupo_ncm', 'join grupo_ncm_item i on i.grupo_ncm_id = g.id',
     'join grupo_ncm_item i on i.assinante_id = g.assinante_id and i.grupo_ncm_id = g.id'),
    ('app_recontagem_produto', 'join antigos o on o.id = n.id', 'join antigos o on o.assinante_id = n.assinante_id and o.id = n.id'),
    ('ncm_cadastro_update', 'delete from grupo_ncm_item where ncm = old.id',
     'delete from grupo_ncm_item where assinante_id = app_assinante() and ncm = old.id'),
    ('ncm_cadastro_update', 'from grupo_ncm_item where grupo_ncm_id = new.grupo_ncm_id',
     'from grupo_ncm_item where assinante_id = app_assinante() and grupo_ncm_id = new.grupo_ncm_id')
  ) x (funcao, antes, depois) loop
    -- both detection functions (whole base and listed products) carry the same joins
    for def in select pg_get_functiondef(p.oid) from pg_proc p
                where p.pronamespace = 'public'::regnamespace and p.proname in (r.funcao, r.funcao || '_produtos') loop
      novo := replace(def, r.antes, r.depois);
      if novo = def then
        raise exception 'numeração por assinante: "%" não encontrado em %', r.antes, r.funcao;
      end if;
      execute novo;
    end loop;
  end loop;
end $$;
