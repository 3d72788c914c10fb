-- Idempotency keys sent by clients (the Idempotency-Key header) are kept for a limited time: a client
-- retries a command for minutes or hours, not months, and a year of a chain's commands is millions of
-- rows, each with its stored answer. Natural keys (a document's own number, `idempotencia:` of a
-- workflow) are never expired: forgetting one would let the same document be posted twice.
alter table comando_idempotencia add column chave_natural boolean not null default false;
comment on column comando_idempotencia.chave_natural is
  'chave natural do documento (nunca expira); falso: chave do cabeçalho Idempotency-Key (expira)';

-- The periodic sweep (workflows/retencao.ts), across tenants, in batches so that a long backlog never
-- holds one huge delete: returns how many keys it removed in this batch.
create function app_idempotencia_expiradas(p_dias integer, p_limite integer) returns integer
  language sql security definer set search_path = public
  as $$ with velhas as (
          select assinante_id, nome_comando, chave from comando_idempotencia
           where not chave_natural and criado_em < now() - make_interval(days => p_dias)
           order by criado_em
           limit p_limite),
        apagadas as (
          delete from comando_idempotencia c using velhas v
           where c.assinante_id = v.assinante_id and c.nome_comando = v.nome_comando and c.chave = v.chave
          returning 1)
        select count(*)::integer from apagadas $$;
