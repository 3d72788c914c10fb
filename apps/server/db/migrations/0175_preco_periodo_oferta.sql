-- The offer price of a store has a period (first and last day, store-local business dates):
-- a product's form sets the offer and its period in the same Save as the prices.
alter table preco add column inicio_oferta date, add column fim_oferta date;
alter table preco add constraint preco_periodo_oferta_ck check (fim_oferta is null or inicio_oferta is null or fim_oferta >= inicio_oferta);
