-- An Idempotency-Key header is kept per sender (user or integration key: "u12:<header>"), so the stored key
-- is the header (up to 255 characters) plus that prefix.
alter table comando_idempotencia drop constraint comando_idempotencia_chave_check;
alter table comando_idempotencia add constraint comando_idempotencia_chave_check check (length(chave) between 1 and 300);
