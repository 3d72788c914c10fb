-- A 50 000-line statement import spent about 40 % of its line insert in two per-row foreign-key checks (one
-- query each per line): extrato_linha -> assinante and extrato_linha -> extrato_bancario. Both are dropped, as
-- the bank ledger (0420) has none on its bulk-posted table:
--  * the tenant is already held by the row-level policy (with check assinante_id = app_assinante()) and by the
--    header, which keeps its own reference to assinante;
--  * lines are written only by the import (extrato.passos.ts), in the transaction that inserted their header,
--    with the id it returned; deleting an import now deletes its lines first, explicitly (the cascade was the
--    only other use of the reference).
alter table extrato_linha drop constraint extrato_linha_assinante_id_fkey;
alter table extrato_linha drop constraint extrato_linha_assinante_id_extrato_id_fkey;
