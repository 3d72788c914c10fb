-- Self-update runs as a durable job (queue `atualizacao`, never retried): the attempt keeps the id of its
-- job (tarefa), so GET /api/v1/tarefas/{id} shows its progress and a job closed without its worker (the
-- instance died mid-update, or it was cancelled) settles the attempt it belongs to.
alter table atualizacao_sistema add column tarefa_id uuid;
create unique index atualizacao_sistema_tarefa_uq on atualizacao_sistema (tarefa_id) where tarefa_id is not null;
