-- The effective rights of a session (permissions of the user's active groups, stores) change only
-- when an administrator edits groups, memberships, stores or a user's admin/active flags. A per-tenant
-- counter, bumped by triggers on exactly those tables, lets the per-request session check skip
-- recomputing (and sending) the ~250 permission codes when the caller already holds the rights of the
-- current version. The counter is read in the same statement as the session on EVERY request, so an
-- edit takes effect on the very next request, on every instance, without any message between them.
create table direitos_versao (
  assinante_id integer primary key references assinante (id),
  n            bigint not null default 0
);
select app_proteger_tabela('direitos_versao');

create function direitos_versao_trigger() returns trigger language plpgsql as $$
begin
  insert into direitos_versao (assinante_id, n) values (coalesce(new.assinante_id, old.assinante_id), 1)
    on conflict (assinante_id) do update set n = direitos_versao.n + 1;
  return null;
end $$;

create trigger grupo_direitos after insert or delete or update of status_de_ativacao on grupo
  for each row execute function direitos_versao_trigger();
create trigger grupo_membro_direitos after insert or update or delete on grupo_membro
  for each row execute function direitos_versao_trigger();
create trigger grupo_permissao_direitos after insert or update or delete on grupo_permissao
  for each row execute function direitos_versao_trigger();
create trigger usuario_loja_direitos after insert or update or delete on usuario_loja
  for each row execute function direitos_versao_trigger();
create trigger loja_direitos after insert or delete on loja
  for each row execute function direitos_versao_trigger();
create trigger usuario_direitos after update of administrador on usuario
  for each row execute function direitos_versao_trigger();

-- the session check, now with the version: rights are left out (null) when p_versao is current
drop function app_sessao_viva(integer, uuid, text, text, integer);
create function app_sessao_viva(p_assinante integer, p_id uuid, p_token_hash text, p_refresh_hash text,
                                p_inatividade_padrao integer, p_versao bigint default null)
returns table ("sessaoId" uuid, tipo text, "usuarioId" integer, username text, nome text, administrador boolean,
               "tipoCliente" text, "forcePasswordReset" boolean, ativo boolean, encerrada boolean, expirada boolean,
               ociosa boolean, tocar boolean, versao bigint, permissoes text[], lojas integer[], "lojaPrincipal" integer)
language plpgsql as $$
declare
  v bigint;
begin
  perform set_config('app.assinante_id', p_assinante::text, true);
  v := coalesce((select d.n from direitos_versao d), 0);
  if p_versao is not null and p_versao = v then
    return query
      select s.id, s.tipo, s.usuario_id, u.username, u.nome, u.administrador, u.tipo_cliente, u.force_password_reset,
             u.ativo, s.encerrada_em is not null, s.expira_em <= now(),
             s.ultima_atividade + make_interval(mins => coalesce(c.inatividade_minutos, p_inatividade_padrao)) <= now(),
             s.ultima_atividade < now() - interval '60 seconds',
             v, null::text[], null::integer[], null::integer
        from sessao s
        join usuario u on u.id = s.usuario_id
        left join configuracao_sessao c on true
       where s.id = p_id or s.token_hash = p_token_hash or s.refresh_hash = p_refresh_hash;
    return;
  end if;
  return query
    select s.id, s.tipo, s.usuario_id, u.username, u.nome, u.administrador, u.tipo_cliente, u.force_password_reset,
           u.ativo, s.encerrada_em is not null, s.expira_em <= now(),
           s.ultima_atividade + make_interval(mins => coalesce(c.inatividade_minutos, p_inatividade_padrao)) <= now(),
           s.ultima_atividade < now() - interval '60 seconds',
           v,
           array(select distinct gp.permissao from grupo_membro gm
                   join grupo g on g.id = gm.grupo_id and g.status_de_ativacao = 'ATIVO'
                   join grupo_permissao gp on gp.grupo_id = g.id
                  where gm.usuario_id = u.id order by 1),
           case when u.administrador then array(select l.id from loja l order by l.id)
                else array(select ul.loja_id from usuario_loja ul where ul.usuario_id = u.id order by ul.loja_id) end,
           (select ul.loja_id from usuario_loja ul where ul.usuario_id = u.id and ul.principal)
      from sessao s
      join usuario u on u.id = s.usuario_id
      left join configuracao_sessao c on true
     where s.id = p_id or s.token_hash = p_token_hash or s.refresh_hash = p_refresh_hash;
end $$;
