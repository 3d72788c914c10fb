-- The NFC-e monitor's export (its grid under the filter, PDF or XLSX) is a report kind of the report engine.
alter table relatorio drop constraint relatorio_tipo_check;
alter table relatorio add constraint relatorio_tipo_check
  check (tipo in ('LISTA_CADASTRO', 'HISTORICO_REGISTRO', 'EXTRATO_ESTOQUE', 'EXTRATO_MOVIMENTACOES', 'SALDO_ESTOQUE',
                  'ETIQUETAS', 'NFCE_DOCUMENTOS'));
