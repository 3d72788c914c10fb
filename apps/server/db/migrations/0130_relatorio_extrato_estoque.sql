-- Report kind 'Extrato de estoque' (the statement of one product as PDF/XLSX, modules/relatorios/extrato-estoque.ts).
-- Later report kinds replace this check again with their value added to this list.
alter table relatorio drop constraint relatorio_tipo_check;
alter table relatorio add constraint relatorio_tipo_check
  check (tipo in ('LISTA_CADASTRO', 'HISTORICO_REGISTRO', 'EXTRATO_ESTOQUE'));
