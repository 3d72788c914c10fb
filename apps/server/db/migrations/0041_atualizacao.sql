-- Self-update attempts (spec §4 "Update flow", §7 POST /api/v1/administracao/self-update): who asked,
-- from which version to which, and how the configured update command ended.
create table atualizacao_sistema (
  assinante_id  integer not null references assinante (id),
  id            serial primary key,
  usuario_id    integer references usuario (id) on delete set null,
  versao_origem text not null,
  versao_alvo   text not null,
  status        text not null default 'EM_ANDAMENTO' check (status in ('EM_ANDAMENTO', 'CONCLUIDA', 'FALHOU')),
  iniciada_em   timestamptz not null default now(),
  concluida_em  timestamptz,
  mensagem      text,
  -- the last lines the update command printed (for the administrator's diagnosis)
  saida         text
);
create index atualizacao_sistema_recente_idx on atualizacao_sistema (assinante_id, iniciada_em desc);

alter table atualizacao_sistema enable row level security;
alter table atualizacao_sistema force row level security;
create policy assinante_isolamento on atualizacao_sistema using (assinante_id = app_assinante())
  with check (assinante_id = app_assinante());
