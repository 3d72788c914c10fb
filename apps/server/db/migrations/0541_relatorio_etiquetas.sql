-- Shelf labels are laid out by the report engine (its worker, file storage, download and notice): a kind of its own.
alter table relatorio drop constraint relatorio_tipo_check;
alter table relatorio add constraint relatorio_tipo_check
  check (tipo in ('LISTA_CADASTRO', 'HISTORICO_REGISTRO', 'EXTRATO_ESTOQUE', 'EXTRATO_MOVIMENTACOES', 'SALDO_ESTOQUE',
                  'ETIQUETAS'));
