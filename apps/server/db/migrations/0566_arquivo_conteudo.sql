-- Uploads as a kit (issues #25.3, #26.4). The bytes leave the bytea column: each file's content is a
-- PostgreSQL large object written and read in chunks (bounded memory, any instance reads it, pg_dump keeps
-- it), one per sender and sha256 — the same bytes from another user are stored again, so neither the answer
-- nor its timing says whether someone else holds them. arquivo_enviado keeps the metadata: one row per
-- upload (no more "repetido"), its kind (retention), the document that holds it, and when it expires.
create table arquivo_conteudo (
  assinante_id integer not null default app_assinante() references assinante (id),
  remetente    text not null check (length(remetente) between 1 and 40),
  sha256       char(64) not null,
  tamanho      bigint not null check (tamanho >= 0),
  objeto       oid not null,
  criado_em    timestamptz not null default now(),
  primary key (assinante_id, remetente, sha256)
);
select app_proteger_tabela('arquivo_conteudo');

alter table arquivo_enviado drop constraint arquivo_enviado_assinante_id_sha256_key;
alter table arquivo_enviado alter column conteudo drop not null;
alter table arquivo_enviado
  add column remetente text check (length(remetente) between 1 and 40),
  add column tipo      text not null default 'legado' check (length(tipo) between 1 and 40),
  -- the document that needs the file ('inventario:12'); while set the file is kept
  add column documento text check (length(documento) between 1 and 120),
  -- when the sweep deletes it (null while a document holds it)
  add column expira_em timestamptz;
-- a legacy row keeps its bytea (read back as before) and goes in 30 days: nothing ever read these files
update arquivo_enviado set remetente = coalesce('u:' || enviado_por, 'legado'), expira_em = now() + interval '30 days';
alter table arquivo_enviado alter column remetente set not null;
alter table arquivo_enviado alter column tipo drop default;
-- new rows point at their content (a legacy row has conteudo instead: sha256 is then not a reference)
alter table arquivo_enviado add column conteudo_remetente text,
  add constraint arquivo_enviado_conteudo_fk foreign key (assinante_id, conteudo_remetente, sha256)
    references arquivo_conteudo (assinante_id, remetente, sha256),
  add constraint arquivo_enviado_bytes_ck check ((conteudo is null) <> (conteudo_remetente is null));
-- quotas: bytes a sender stored in the last day, bytes a tenant holds; the sweep: what has expired
create index arquivo_enviado_remetente_ix on arquivo_enviado (assinante_id, remetente, enviado_em);
create index arquivo_enviado_expira_ix on arquivo_enviado (assinante_id, expira_em) where expira_em is not null;
create index arquivo_enviado_conteudo_ix on arquivo_enviado (assinante_id, conteudo_remetente, sha256);
create index arquivo_enviado_documento_ix on arquivo_enviado (assinante_id, documento) where documento is not null;
-- the retention sweep's only cross-tenant read: which tenants have something to sweep (the sweep itself runs
-- per tenant under RLS, as the app role that owns the large objects it unlinks)
create function app_arquivo_assinantes_a_varrer() returns setof integer
  language sql stable security definer set search_path = public
  as $$ select assinante_id from arquivo_enviado where expira_em < now()
        union
        select c.assinante_id from arquivo_conteudo c
         where not exists (select 1 from arquivo_enviado e
                            where e.assinante_id = c.assinante_id and e.conteudo_remetente = c.remetente
                              and e.sha256 = c.sha256) $$;
