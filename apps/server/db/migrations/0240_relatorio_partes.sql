-- Report files in parts (modules/relatorios/relatorios.store.ts): a 1 M-row XLSX is tens of MB, and
-- one bytea value is written and read whole (the driver reads it as hex text: three copies of the file
-- in the server's memory). The file goes in parts of ~1 MB, written as the generator's temporary file is
-- read and sent to the client part by part. Reports stored before keep their file in relatorio.conteudo.
alter table relatorio add constraint relatorio_assinante_id_uq unique (assinante_id, id);

create table relatorio_parte (
  assinante_id  integer not null default app_assinante() references assinante (id),
  relatorio_id  uuid not null,
  ordem         integer not null check (ordem >= 0),
  conteudo      bytea not null,
  primary key (relatorio_id, ordem),
  -- the composite key: a part cannot point at another tenant's report; deleting the report
  -- (the 7-day sweep) deletes its parts
  foreign key (assinante_id, relatorio_id) references relatorio (assinante_id, id) on delete cascade
);
-- the files are zip (XLSX) or already-compressed PDF streams: PostgreSQL's compression would only cost time
alter table relatorio_parte alter column conteudo set storage external;
select app_proteger_tabela('relatorio_parte');

-- a finished report has its file in the row (before 0240) or in parts
alter table relatorio drop constraint relatorio_check;
alter table relatorio add constraint relatorio_pronto_check
  check (status <> 'PRONTO' or (nome_arquivo is not null and mime_type is not null and tamanho is not null));
