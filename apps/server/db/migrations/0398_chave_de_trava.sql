-- The one builder of advisory-lock keys (workflows/trava.ts): a command's lock, a ledger posting's lock and
-- the closing key its posting holds shared all hash the same tenant-qualified text, so a key written in SQL
-- (app_assinante() inside a statement) and one written in JS (the command's tenant) can never drift apart.
-- workflows/trava.ts `chaveDeTrava` mirrors the text for the order it locks in; a test asserts both equal.
create function app_chave_trava(p_assinante integer, p_chave text) returns bigint
  language sql immutable parallel safe
  as $$ select hashtextextended(p_assinante::text || ':' || p_chave, 0) $$;
