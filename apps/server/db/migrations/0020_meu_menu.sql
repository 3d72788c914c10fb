-- "Meu menu" (spec §3, §7): the entries a user pins, in their order, one row per user.
create table meu_menu (
  assinante_id integer not null references assinante (id),
  usuario_id   integer not null references usuario (id) on delete cascade,
  entradas     jsonb not null default '[]'::jsonb check (jsonb_typeof(entradas) = 'array'),
  alterado_em  timestamptz not null default now(),
  primary key (assinante_id, usuario_id)
);

alter table meu_menu enable row level security;
alter table meu_menu force row level security;
create policy assinante_isolamento on meu_menu using (assinante_id = app_assinante())
  with check (assinante_id = app_assinante());
