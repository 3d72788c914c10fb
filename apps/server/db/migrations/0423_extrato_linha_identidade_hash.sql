-- A statement line's identity (account + FITID + date + amount + memo + ordinal, see 0421) is kept as its
-- SHA-256 instead of the text: the unique index over a long collated text was most of a 50 000-line import's
-- time (every insert compares texts under the database collation); 32 bytes compare as bytes. The text itself
-- was never read back, only compared, so it is dropped.
alter table extrato_linha add column identidade_hash bytea;
update extrato_linha set identidade_hash = sha256(convert_to(identidade, 'UTF8'));
alter table extrato_linha alter column identidade_hash set not null;
drop index extrato_linha_identidade_uq;
create unique index extrato_linha_identidade_uq on extrato_linha (assinante_id, conta_corrente_id, identidade_hash);
alter table extrato_linha drop column identidade;
