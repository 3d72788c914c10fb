-- When the event behind a stock movement happened (the sale, the count, the receipt), beside its business
-- date (`data`) and its posting time (`lancado_em`): a POS uploading yesterday's sales late, or an inventory
-- counted at a reference moment, posts now what happened then. The caller passes it when it knows it;
-- otherwise it is the posting time. Nullable without a default at first, so adding it to the partitioned
-- ledger is a catalogue change on every partition (no rewrite of a big table); the default set afterwards
-- applies to new rows only. Rows posted before this migration keep null and are read as
-- coalesce(ocorrido_em, lancado_em) (the posting time was all they knew).
alter table movimento_estoque add column ocorrido_em timestamptz;
alter table movimento_estoque alter column ocorrido_em set default now();
comment on column movimento_estoque.ocorrido_em is
  'quando o fato aconteceu (venda, contagem, recebimento); nulo nas linhas anteriores à 0397: vale lancado_em';
