-- The per-request session check in one call with a cached plan. The lookup (session, user, the
-- union of the active groups' permissions, stores) is the costliest statement of a small request:
-- planned afresh on every request it cost ~3 ms of planning. A plpgsql function keeps its plans per
-- connection, and sets the tenant itself first (local to the caller's transaction, or to the single
-- statement when called outside one), so RLS applies exactly as before: SECURITY INVOKER, the
-- policies of every table read here still filter by tenant.
create function app_sessao_viva(p_assinante integer, p_id uuid, p_token_hash text, p_refresh_hash text,
                                p_inatividade_padrao integer)
returns table ("sessaoId" uuid, tipo text, "usuarioId" integer, username text, nome text, administrador boolean,
               "tipoCliente" text, "forcePasswordReset" boolean, ativo boolean, encerrada boolean, expirada boolean,
               ociosa boolean, tocar boolean, permissoes text[], lojas integer[], "lojaPrincipal" integer)
language plpgsql as $$
begin
  perform set_config('app.assinante_id', p_assinante::text, true);
  return query
    select s.id, s.tipo, s.usuario_id, u.username, u.nome, u.administrador, u.tipo_cliente, u.force_password_reset,
           u.ativo,
           s.encerrada_em is not null,
           s.expira_em <= now(),
           s.ultima_atividade + make_interval(mins => coalesce(c.inatividade_minutos, p_inatividade_padrao)) <= now(),
           s.ultima_atividade < now() - interval '60 seconds',
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
