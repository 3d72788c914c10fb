-- Commit-safe cursor for incremental reads (issue #25.7; apps/server/src/sync/cursor.ts reads it).
-- A reader polling `id > N` misses rows: ids (sequences, per-tenant numbering) are taken when a row is
-- written, not when its transaction commits, so id 104 can become visible after id 105 was already read.
-- A table that adopts the cursor stamps each row with the writing transaction's id (`cursor_tx`, the
-- top-level xid8, never wrapping) on insert and on every update; a reader takes only rows whose transaction
-- is older than the oldest one still running (`pg_snapshot_xmin(pg_current_snapshot())`, the horizon),
-- in (cursor_tx, id) order. Every transaction below the horizon has ended, so nothing can still appear
-- behind the reader's position; a running writer only holds the horizon (delay, never loss). No extra
-- write, lock or round trip on the writer's side: one column default and one index entry per row.
-- Rows present before adoption get cursor_tx 0 (read first, in id order): adding the column with a
-- constant default rewrites nothing; the default then becomes the transaction's id.

create function app_cursor_tocar() returns trigger language plpgsql as $$
begin
  new.cursor_tx := pg_current_xact_id();
  return new;
end $$;

create function app_cursor_adotar(p_tabela regclass) returns void language plpgsql as $$
declare
  nome text := (select relname from pg_class where oid = p_tabela);
begin
  execute format('alter table %s add column if not exists cursor_tx xid8 not null default %L', p_tabela, '0');
  execute format('alter table %s alter column cursor_tx set default pg_current_xact_id()', p_tabela);
  execute format('create index if not exists %I on %s (assinante_id, cursor_tx, id)', nome || '_cursor_idx', p_tabela);
  execute format('drop trigger if exists cursor_tx on %s', p_tabela);
  execute format('create trigger cursor_tx before update on %s for each row execute function app_cursor_tocar()',
                 p_tabela);
end $$;

-- Undoes the adoption (and lets a bench compare the same table with and without the cursor).
create function app_cursor_abandonar(p_tabela regclass) returns void language plpgsql as $$
begin
  execute format('drop trigger if exists cursor_tx on %s', p_tabela);
  execute format('alter table %s drop column if exists cursor_tx', p_tabela);
end $$;

comment on function app_cursor_adotar(regclass) is
  'cursor de leitura incremental seguro quanto à ordem de commit (coluna cursor_tx, índice e gatilho de alteração)';
