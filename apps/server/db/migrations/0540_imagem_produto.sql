-- GET /arquivo/view serves an upload only while a product names it: that check (and the sweep's) probes
-- produto by its picture instead of reading the whole catalogue.
create index produto_imagem_idx on produto (assinante_id, imagem) where imagem is not null;
