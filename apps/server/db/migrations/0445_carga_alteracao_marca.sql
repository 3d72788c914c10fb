-- The POS change feed's idle poll (modules/frente-de-loja/carga.marca.ts): a store's high-water mark in the
-- change log — its last row of its own (a price, its POS functions) and the last tenant-wide one (loja_id null)
-- — is two backward probes of this index, whatever the other stores changed since.
create index carga_alteracao_loja_idx on carga_alteracao (assinante_id, loja_id, cursor_tx, id);
