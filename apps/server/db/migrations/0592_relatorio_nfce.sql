-- The NFC-e monitor's export (its grid under the filter, PDF or XLSX) runs on the report engine: a kind of its own.
-- Numbered after 0541, which rewrote the list of kinds last (the NFC-e range 0480–0499 runs before it).
alter table relatorio drop constraint relatorio_tipo_check;
alter table relatorio add constraint relatorio_tipo_check
  check (tipo in ('LISTA_CADASTRO', 'HISTORICO_REGISTRO', 'EXTRATO_ESTOQUE', 'EXTRATO_MOVIMENTACOES', 'SALDO_ESTOQUE',
                  'ETIQUETAS', 'NFCE_DOCUMENTOS'));
