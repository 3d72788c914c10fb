-- Leading assinante_id (0302) made three indexes the leading columns of another one on the same table:
-- every write of a price, cost or product paid for them and the planner weighed them on every query,
-- for nothing a read needs. The catalogue meta-test (chaves-assinante) now reports such an index.
drop index custo_produto_idx;        -- = custo (assinante_id, produto_id, loja_id) unique
drop index preco_produto_idx;        -- = preco (assinante_id, produto_id, loja_id) unique
drop index produto_marca_idx;        -- ⊂ produto (assinante_id, marca_id, id)
