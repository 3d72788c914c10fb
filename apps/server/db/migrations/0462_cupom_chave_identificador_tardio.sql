-- POS sales upload: the cupom's key row is written first (the dedup target, before items, receipts and stock) and
-- gets its identificadorId last, when the upload takes the tenant's counter row right before its commit (the
-- counter's lock is then held for a few statements, not for the whole upload). Between the two, inside the
-- upload's own transaction only, the number is null; no committed row is ever without it.
alter table cupom_fiscal_chave alter column identificador_id drop not null;
