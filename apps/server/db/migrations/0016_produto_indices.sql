-- Index-backed "filter + sort by id + page" for the product list's common filters.
create index produto_secao_id_idx on produto (assinante_id, secao_id, id);
create index produto_marca_id_idx on produto (assinante_id, marca_id, id);

-- RLS predicate as an InitPlan: `(select app_assinante())` is evaluated once per query, whereas the
-- bare plpgsql call ran once per row on sequential and bitmap scans (hundreds of ms on big tables).
create or replace function app_proteger_tabela(t text) returns void language plpgsql as $$
begin
  execute format('alter table %I enable row level security', t);
  execute format('alter table %I force row level security', t);
  execute format('create policy assinante_isolamento on %I using (assinante_id = (select app_assinante())) '
                 'with check (assinante_id = (select app_assinante()))', t);
end $$;

do $$
declare t text;
begin
  foreach t in array array['marca', 'unidade', 'setor', 'genero', 'ncm_local', 'situacao_fiscal', 'natureza_pis_cofins',
    'holding', 'ramo_cliente', 'status_cliente', 'fornecedor', 'fornecedor_contato', 'cliente', 'funcionario', 'contador',
    'condutor', 'secao', 'grupo_produto', 'subgrupo', 'produto', 'codigo_auxiliar', 'preco', 'custo', 'produto_fornecedor',
    'caracteristica', 'aplicacao', 'familia_produto', 'mix', 'similar_produto', 'grupo_ncm', 'grupo_ncm_item', 'regime_tributario']
  loop
    execute format('alter policy assinante_isolamento on %I using (assinante_id = (select app_assinante())) '
                   'with check (assinante_id = (select app_assinante()))', t);
  end loop;
end $$;
