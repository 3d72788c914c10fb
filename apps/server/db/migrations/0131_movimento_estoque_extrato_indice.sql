-- Extrato de estoque (modules/estoque/extrato.consulta.ts): the period's count, entries and exits and the
-- page's running balance read (loja, produto, data, id) ranges of one product. With the location and the
-- quantity in the index those reads are index-only scans (the ledger is insert-only, so its visibility map
-- stays set): a product with 100 000 movements no longer visits the heap for each of them. Same key as
-- before, so every other reader of the index keeps its plan; no extra index for the postings to maintain.
drop index movimento_estoque_produto_idx;
create index movimento_estoque_produto_idx on movimento_estoque (assinante_id, loja_id, produto_id, data, id)
  include (local_id, quantidade);
