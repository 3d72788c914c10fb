-- Learning resources (spec §3 "Learning resource", §7 GET /api/v1/recurso-aprendizagem/menus): a
-- help text or link attached to a menu entry (menu_id = the entry's route path), shown in a modal
-- when the user opens that screen. A user's dismissal is remembered per resource.
create table recurso_aprendizagem (
  assinante_id integer not null references assinante (id),
  id           serial primary key,
  menu_id      text not null check (menu_id like '/%' and length(menu_id) <= 200),
  titulo       text not null check (length(titulo) between 1 and 200),
  conteudo     text not null default '' check (length(conteudo) <= 20000),
  link         text check (link is null or link ~ '^(https?://|/)'),
  ativo        boolean not null default true,
  criado_em    timestamptz not null default now(),
  alterado_em  timestamptz not null default now(),
  versao       integer not null default 1,
  check (conteudo <> '' or link is not null)
);
create index recurso_aprendizagem_menu_idx on recurso_aprendizagem (assinante_id, menu_id) where ativo;

create table recurso_aprendizagem_dispensa (
  assinante_id integer not null references assinante (id),
  recurso_id   integer not null references recurso_aprendizagem (id) on delete cascade,
  usuario_id   integer not null references usuario (id) on delete cascade,
  em           timestamptz not null default now(),
  primary key (recurso_id, usuario_id)
);

do $$
declare t text;
begin
  foreach t in array array['recurso_aprendizagem', 'recurso_aprendizagem_dispensa']
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy assinante_isolamento on %I using (assinante_id = app_assinante()) '
                   'with check (assinante_id = app_assinante())', t);
  end loop;
end $$;
