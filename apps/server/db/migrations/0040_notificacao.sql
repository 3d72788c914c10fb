-- Notifications per user (spec §3 "Notification", §7 GET /api/v1/notificacoes/recentes) and the
-- browser push subscriptions per session (spec §7 "Push").
create table notificacao (
  assinante_id integer not null references assinante (id),
  id           bigserial primary key,
  usuario_id   integer not null references usuario (id) on delete cascade,
  titulo       text not null check (length(titulo) between 1 and 200),
  corpo        text not null default '' check (length(corpo) <= 4000),
  -- a path inside the SPA ("/notificacoes", "/visualizacao-relatorio/…"), never an external URL
  link         text check (link is null or (link like '/%' and length(link) <= 500)),
  criado_em    timestamptz not null default now(),
  lida         boolean not null default false,
  lida_em      timestamptz
);
create index notificacao_usuario_idx on notificacao (assinante_id, usuario_id, criado_em desc, id desc);
create index notificacao_nao_lida_idx on notificacao (assinante_id, usuario_id) where not lida;

-- One Web Push subscription (the browser's PushSubscription JSON) per session and endpoint.
create table sessao_mensagem (
  assinante_id integer not null references assinante (id),
  id           bigserial primary key,
  sessao_id    uuid not null references sessao (id) on delete cascade,
  usuario_id   integer not null references usuario (id) on delete cascade,
  endpoint     text not null,
  p256dh       text not null,
  auth         text not null,
  criado_em    timestamptz not null default now(),
  unique (assinante_id, endpoint)
);
create index sessao_mensagem_usuario_idx on sessao_mensagem (assinante_id, usuario_id);

do $$
declare t text;
begin
  foreach t in array array['notificacao', 'sessao_mensagem']
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy assinante_isolamento on %I using (assinante_id = app_assinante()) '
                   'with check (assinante_id = app_assinante())', t);
  end loop;
end $$;
