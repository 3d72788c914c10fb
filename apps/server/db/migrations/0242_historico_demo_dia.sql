-- Demo history on demand (job demo.historico, modules/plataforma/demo-historico.*): which store-days the
-- generator already posted into the stock ledger. A chunk of days inserts its rows here in the same
-- transaction as its movements (ON CONFLICT DO NOTHING … RETURNING picks the days still to do), so a run
-- killed midway leaves whole days and a re-run over the same days posts nothing twice.
create table historico_demo_dia (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  data         date not null,
  movimentos   integer not null,
  tarefa_id    uuid,
  gerado_em    timestamptz not null default now(),
  primary key (assinante_id, loja_id, data),
  foreign key (assinante_id, loja_id) references loja (assinante_id, id) on delete cascade
);
select app_proteger_tabela('historico_demo_dia');
