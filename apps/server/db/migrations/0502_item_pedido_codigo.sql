-- An order's line may name its product by a code (internal, EAN or auxiliary, resolved by the set-based code
-- resolver): the code as sent, and the auxiliary code's pack factor that multiplied the line's units.
alter table item_pedido_venda
  add column codigo text,
  add column fator numeric(18, 4) not null default 1 check (fator > 0);
