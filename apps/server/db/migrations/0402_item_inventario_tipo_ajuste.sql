-- The finalization's movements typed by their sign (domain §5 "Tipo de ajuste", usoInventario): a surplus
-- (diferença > 0) posts under the SOBRA adjustment type chosen (or the tenant's default), a shortage under the
-- FALTA one. The ledger movement stays INVENTARIO (documento INVENTARIO + id + produto); its line here keeps
-- the type, so fiscal and accounting reads (CFOP 5927, conta contábil, ICMS credit reversal) find it.
alter table item_inventario add column tipo_ajuste_id integer;
alter table item_inventario add constraint item_inventario_tipo_ajuste_fk
  foreign key (assinante_id, tipo_ajuste_id) references tipo_ajuste (assinante_id, id);
