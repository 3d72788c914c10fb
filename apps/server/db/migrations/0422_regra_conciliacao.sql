-- Reconciliation rules (issue #30): conditions on a statement line → an action, by priority. Conditions and action
-- are the domain contract's JSON (financeiro/regra-conciliacao/contrato.ts), read by the pure engine; a rule with
-- an account belongs to that account's store, one without serves every account of the tenant. A reconciliation a
-- rule made names it (conciliacao.regra_id, 0421); deleting the rule keeps those reconciliations.
create table regra_conciliacao (
  assinante_id         integer not null default app_assinante() references assinante (id),
  id                   integer generated always as identity,
  descricao            text not null,
  conta_corrente_id    integer,
  prioridade           integer not null default 100,
  ativo                boolean not null default true,
  confirmar_automatico boolean not null default false,
  condicoes            jsonb not null,
  acao                 jsonb not null,
  criado_por           integer,
  criado_em            timestamptz not null default now(),
  alterado_em          timestamptz not null default now(),
  primary key (assinante_id, id),
  foreign key (assinante_id, conta_corrente_id) references conta_corrente (assinante_id, id) on delete cascade
);
create index regra_conciliacao_prioridade_idx on regra_conciliacao (assinante_id, prioridade, id);
select app_proteger_tabela('regra_conciliacao');

create index conciliacao_regra_idx on conciliacao (assinante_id, regra_id) where regra_id is not null;
