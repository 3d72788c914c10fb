-- Payment plans join the POS change feed (0442): a plan, its parcels and its store conditions all change the one
-- record the POS reads (the plan with its grid and this store's conditions), so the three tables log the plan's key;
-- a condition logs its store, a plan or parcel change is every store's.
select app_carga_alimentar('plano_pagamento', 'PLANO_PAGAMENTO', 't.id', 'null');
select app_carga_alimentar('plano_pagamento_parcela', 'PLANO_PAGAMENTO', 't.plano_pagamento_id', 'null');
select app_carga_alimentar('condicao_pagamento_loja', 'PLANO_PAGAMENTO', 't.plano_pagamento_id', 't.loja_id');
