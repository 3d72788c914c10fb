-- The supplier's NF-e XML kept with the invoice it entered (upload kit: arquivo_enviado, bound to the document
-- 'nota-compra:<id>' so retention keeps it while the invoice exists). Null for typed invoices.
alter table nota_fiscal_compra add column arquivo_id uuid;
alter table nota_fiscal_compra add constraint nota_fiscal_compra_arquivo_fk
  foreign key (assinante_id, arquivo_id) references arquivo_enviado (assinante_id, id);
