-- Secret files (A1 certificates for NFC-e, later): apart from the general uploads, encrypted by the app
-- (AES-256-GCM, key from SEGREDOS_CHAVE or DATA_DIR/secrets.json — never in this database, so a dump
-- alone reveals nothing). The tenant, id and purpose are authenticated with the ciphertext: a row copied
-- to another tenant or purpose does not decrypt.
create table segredo_arquivo (
  assinante_id integer not null default app_assinante() references assinante (id),
  id           uuid not null default gen_random_uuid(),
  finalidade   text not null check (length(finalidade) between 1 and 60),
  nome         text not null check (length(nome) between 1 and 255),
  -- which key sealed it (first bytes of its sha256): a wrong key is named, not a decryption failure
  chave_id     char(16) not null,
  iv           bytea not null check (length(iv) = 12),
  etiqueta     bytea not null check (length(etiqueta) = 16),
  cifrado      bytea not null check (length(cifrado) <= 1048576),
  criado_por   integer,
  criado_em    timestamptz not null default now(),
  primary key (assinante_id, id),
  foreign key (assinante_id, criado_por) references usuario (assinante_id, id)
);
select app_proteger_tabela('segredo_arquivo');
create index segredo_arquivo_finalidade_ix on segredo_arquivo (assinante_id, finalidade);
