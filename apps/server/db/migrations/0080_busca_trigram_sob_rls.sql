-- Accent-insensitive "contains" under forced RLS. With a policy on the table, PostgreSQL only turns
-- a filter into an index condition when every function in it is LEAKPROOF (the policy must not be
-- bypassable by a function that reports the rows it sees). Neither unaccent(text) nor ILIKE
-- (texticlike) is marked so, so `unaccent(descricao) ilike unaccent('%cafe%')` ignored the trigram
-- indexes and read the whole table (1.4 s on 1 M products) for the application role.
-- Both are leak-free: unaccent only fails when its dictionary is missing, ILIKE only on a malformed
-- pattern, the same for every row and never depending on a row's value. Marking them needs a
-- superuser (the embedded server's owner is one); on a server where the owner is not, the
-- migration leaves a notice and searches stay correct but slow.
do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    alter function unaccent(text) leakproof;
    alter function texticlike(text, text) leakproof;
  else
    raise notice 'unaccent/ILIKE não marcados como LEAKPROOF (requer superusuário): busca por texto sem índice trigram sob RLS';
  end if;
end $$;
