-- Reports generated in the background ("Reports and the viewer", spec §3 "Files in
-- processing", route /visualizacao-relatorio/:blob): the request, its status and the file itself.
create table relatorio (
  assinante_id  integer not null default app_assinante() references assinante (id),
  id            uuid primary key default gen_random_uuid(),
  usuario_id    integer not null references usuario (id) on delete cascade,
  tipo          text not null check (tipo in ('LISTA_CADASTRO', 'HISTORICO_REGISTRO')),
  titulo        text not null check (length(titulo) between 1 and 200),
  formato       text not null check (formato in ('PDF', 'XLSX')),
  -- what was asked (register, filter, sort, record id): enough to generate it again
  parametros    jsonb not null default '{}',
  status        text not null default 'PROCESSANDO' check (status in ('PROCESSANDO', 'PRONTO', 'ERRO')),
  mensagem_erro text,
  nome_arquivo  text,
  mime_type     text,
  tamanho       integer,
  conteudo      bytea,
  -- the server process generating it and its last sign of life: a job whose process died is
  -- marked ERRO by the next sweep (at start-up and periodically) instead of processing forever
  instancia     uuid,
  pulso_em      timestamptz not null default now(),
  criado_em     timestamptz not null default now(),
  concluido_em  timestamptz,
  check (status <> 'PRONTO' or (conteudo is not null and nome_arquivo is not null and mime_type is not null))
);
create index relatorio_usuario_idx on relatorio (assinante_id, usuario_id, criado_em desc);
create index relatorio_processando_idx on relatorio (pulso_em) where status = 'PROCESSANDO';
select app_proteger_tabela('relatorio');

-- The sweep runs before any tenant is known: it closes, in every tenant, the jobs whose process
-- stopped beating, and returns them so their owners can be told.
create function app_relatorio_abandonados(p_segundos integer, p_mensagem text)
  returns table (assinante_id integer, id uuid, usuario_id integer, titulo text)
  language sql security definer set search_path = public
  as $$ update relatorio r set status = 'ERRO', mensagem_erro = p_mensagem, concluido_em = now()
         where r.status = 'PROCESSANDO' and r.pulso_em < now() - make_interval(secs => p_segundos)
     returning r.assinante_id, r.id, r.usuario_id, r.titulo $$;
