-- A push registration is a Web Push subscription (endpoint + keys) or an opaque messaging token
-- (spec §7 POST /api/v1/sessoes-mensagens {token}, as Firebase Cloud Messaging clients send it):
-- the token is kept in `endpoint`, without Web Push keys, and delivered by the configured provider.
alter table sessao_mensagem
  add column tipo text not null default 'webpush' check (tipo in ('webpush', 'token'));
alter table sessao_mensagem alter column p256dh drop not null, alter column auth drop not null;
alter table sessao_mensagem
  add constraint sessao_mensagem_chaves_webpush check (tipo <> 'webpush' or (p256dh is not null and auth is not null));
