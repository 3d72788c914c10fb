-- Per-tenant numbering of the records users see codes for: each tenant's registers and stock documents
-- are numbered 1, 2, 3… by that tenant's own counter, instead of one sequence shared by every tenant
-- (a tenant's new product got code 19 after its own 7, telling it how active the others are).
-- Existing ids do not change (integrations hold them); each counter starts at the tenant's max(id).
--
-- The counter row (assinante_id, tabela) is taken with a row lock held until commit: concurrent creates
-- of one tenant in one table wait for each other (also across app instances), a rollback gives the
-- number back, so the numbering has no gaps under normal use. Other tenants never wait.
-- Within a transaction the first insert takes the lock and the next numbers are counted in a
-- transaction-local setting (one counter update per statement, not per row): updating the same row
-- a million times in one COPY would walk an ever longer chain of its own versions.
--
-- Not numbered per tenant (bigserial/uuid, still keyed by (assinante_id, id)): identity and stores
-- (usuario, grupo, loja, sessions, keys: their ids travel in tokens, sessions and every store scope,
-- and users know them by username, name or the store's sigla),
-- child rows of a register (preco, custo, produto_fornecedor, contacts, items), and internal or
-- high-rate tables (auditoria, tarefa, notificacao, relatorio, movimento_estoque and its summaries,
-- inconsistency lots): a counter lock there would serialise a tenant's stock postings and jobs.
create table numeracao_assinante (
  assinante_id integer not null references assinante (id),
  tabela       text not null,
  ultimo       bigint not null,
  primary key (assinante_id, tabela)
);
select app_proteger_tabela('numeracao_assinante');

-- BEFORE INSERT, per row: a missing id gets the tenant's next number; an explicit id (seeds, imports
-- that keep codes) above the counter moves the counter to it.
create function app_numerar_por_assinante() returns trigger language plpgsql as $$
declare
  chave text := format('numeracao.%s_%s', tg_table_name, new.assinante_id);
  atual text := current_setting(chave, true);
  valor bigint;
begin
  if coalesce(atual, '') = '' then
    -- first row of this tenant and table in the transaction: lock (or create) the counter row
    if new.id is null then
      insert into numeracao_assinante as n (assinante_id, tabela, ultimo) values (new.assinante_id, tg_table_name, 1)
        on conflict (assinante_id, tabela) do update set ultimo = n.ultimo + 1
        returning ultimo into valor;
      new.id := valor;
    else
      -- an explicit id under the counter leaves it alone: no lock (restores, imports keeping codes)
      select ultimo into valor from numeracao_assinante where assinante_id = new.assinante_id and tabela = tg_table_name;
      if new.id <= valor then
        return new;
      end if;
      insert into numeracao_assinante as n (assinante_id, tabela, ultimo)
        values (new.assinante_id, tg_table_name, new.id)
        on conflict (assinante_id, tabela) do update set ultimo = greatest(n.ultimo, excluded.ultimo)
        returning ultimo into valor;
    end if;
    perform set_config(chave, valor::text, true);
  else
    -- the lock is ours already: count in the setting, written back by the statement trigger below
    valor := greatest(rtrim(atual, '*')::bigint, coalesce(new.id, 0));
    if new.id is null then
      valor := valor + 1;
      new.id := valor;
    end if;
    perform set_config(chave, valor::text || '*', true);
    if right(atual, 1) <> '*' then
      perform set_config('numeracao.pendente', concat_ws(',', nullif(current_setting('numeracao.pendente', true), ''), chave),
                         true);
    end if;
  end if;
  return new;
end $$;

-- AFTER INSERT, per statement: counters advanced in the setting (marked '*', listed in
-- numeracao.pendente) are written back.
create function app_numeracao_gravar() returns trigger language plpgsql as $$
declare
  chave text;
  valor text;
begin
  foreach chave in array coalesce(string_to_array(nullif(current_setting('numeracao.pendente', true), ''), ','), '{}') loop
    valor := rtrim(current_setting(chave), '*');
    update numeracao_assinante
       set ultimo = valor::bigint
     where tabela = substring(chave from '^numeracao\.(.+)_[0-9]+$')
       and assinante_id = substring(chave from '_([0-9]+)$')::integer;
    perform set_config(chave, valor, true);
  end loop;
  perform set_config('numeracao.pendente', '', true);
  return null;
end $$;

do $$
declare
  t text;
  seq text;
begin
  foreach t in array array[
    'agente_financeiro', 'aplicacao', 'caracteristica', 'cenario_fiscal_ncm', 'cenario_fiscal_operacao', 'cliente',
    'condutor', 'conta_corrente', 'contador', 'especie_documento', 'familia_produto', 'forma_pagamento', 'fornecedor',
    'funcionario', 'grupo_ncm', 'grupo_produto', 'historico_padrao', 'holding', 'local_estoque', 'marca',
    'mensagem_promocional', 'mix', 'motivo_acrescimo', 'motivo_cancelamento', 'motivo_desconto', 'motivo_requisicao',
    'motivo_troca_devolucao', 'processo_judicial', 'produto', 'ramo_atuacao', 'ramo_cliente', 'recurso_aprendizagem',
    'regime_tributario', 'secao', 'setor', 'setor_producao', 'similar_produto', 'situacao_fiscal', 'status_cliente',
    'subgrupo', 'tipo_acordo', 'tipo_ajuste', 'unidade', 'ajuste_estoque', 'transferencia_estoque']
  loop
    seq := pg_get_serial_sequence(t, 'id');
    if exists (select 1 from pg_attribute where attrelid = t::regclass and attname = 'id' and attidentity <> '') then
      execute format('alter table %I alter column id drop identity', t);
    elsif seq is not null then
      execute format('alter table %I alter column id drop default', t);
      execute format('drop sequence %s', seq);
    end if;
    execute format('insert into numeracao_assinante (assinante_id, tabela, ultimo) '
                   'select assinante_id, %L, max(id) from %I group by assinante_id', t, t);
    execute format('create trigger numeracao_assinante before insert on %I '
                   'for each row execute function app_numerar_por_assinante()', t);
    execute format('create trigger numeracao_assinante_gravar after insert on %I '
                   'for each statement execute function app_numeracao_gravar()', t);
  end loop;
end $$;
