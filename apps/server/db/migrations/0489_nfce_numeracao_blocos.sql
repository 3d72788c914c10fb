-- The NFC-e numbers used per store and série, as bitmaps of 1 024 numbers: the monitor's "faixa" (gaps to void)
-- over a range of a million numbers reads a thousand of these rows instead of a window over a million
-- documents. A number counts as used once any document carried it, whatever its day or status (a rejected
-- note's number is SEFAZ's to decide), so bits are only ever set: the triggers OR in what documents bring.
create table nfce_numeracao (
  assinante_id integer not null default app_assinante() references assinante (id),
  loja_id      integer not null,
  serie        integer not null,
  -- numbers bloco × 1 024 … bloco × 1 024 + 1 023; bit k (from the left) is number bloco × 1 024 + k
  bloco        integer not null,
  bits         bit(1024) not null,
  primary key (assinante_id, loja_id, serie, bloco)
);
select app_proteger_tabela('nfce_numeracao');

create function app_nfce_bits(numeros integer[]) returns bit(1024) language sql immutable parallel safe as $$
  select coalesce(bit_or(set_bit(repeat('0', 1024)::bit(1024), n % 1024, 1)), repeat('0', 1024)::bit(1024))
    from unnest(numeros) n
$$;

create function app_nfce_numeracao_inserida() returns trigger language plpgsql as $$
begin
  insert into nfce_numeracao (assinante_id, loja_id, serie, bloco, bits)
  select assinante_id, loja_id, serie, numero / 1024, app_nfce_bits(array_agg(numero))
    from novos where serie is not null and numero is not null
   group by assinante_id, loja_id, serie, numero / 1024
  on conflict (assinante_id, loja_id, serie, bloco) do update set bits = nfce_numeracao.bits | excluded.bits;
  return null;
end $$;

create trigger documento_nfce_numeracao_ins after insert on documento_nfce
  referencing new table as novos for each statement execute function app_nfce_numeracao_inserida();
create trigger documento_nfce_numeracao_upd after update on documento_nfce
  referencing new table as novos for each statement execute function app_nfce_numeracao_inserida();

insert into nfce_numeracao (assinante_id, loja_id, serie, bloco, bits)
select assinante_id, loja_id, serie, numero / 1024, app_nfce_bits(array_agg(numero))
  from documento_nfce where serie is not null and numero is not null
 group by assinante_id, loja_id, serie, numero / 1024;
