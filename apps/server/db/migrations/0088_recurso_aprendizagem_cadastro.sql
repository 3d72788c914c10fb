-- Learning resources are a register of the generic engine, which reads and writes the standard columns
-- of every register: the integration's own code (id_externo) was the one missing.
alter table recurso_aprendizagem add column id_externo text;
