-- Report kinds 'Extrato de movimentações' and 'Saldo de estoque' (modules/relatorios/estoque-*.ts).
-- Later report kinds replace this check again with their value added to this list (as 0130 did).
alter table relatorio drop constraint relatorio_tipo_check;
alter table relatorio add constraint relatorio_tipo_check
  check (tipo in ('LISTA_CADASTRO', 'HISTORICO_REGISTRO', 'EXTRATO_ESTOQUE', 'EXTRATO_MOVIMENTACOES', 'SALDO_ESTOQUE'));

-- Saldo de estoque as of a date values each store + product at the average after its last movement on
-- or before the date: the day of that movement is the store + product's last closing row over all its
-- locations, one descent of this index (then the movement is read in that day's partition only).
create index saldo_estoque_dia_produto_idx on saldo_estoque_dia (assinante_id, loja_id, produto_id, data);
