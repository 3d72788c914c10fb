-- POS returns to another store: the goods of a return (DEVOLUCAO) may go back into another store's stock
-- (`lojaDestinoId` of the upload and of `pdv/trocas-devolucoes`); null: the cupom's own store. The sale figures
-- (cupom, receipts, daily aggregates) stay with the store that registered the return.
alter table cupom_fiscal add column loja_destino_id integer;
