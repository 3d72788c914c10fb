/**
 * The bank ledger's forms in a modal: a manual entry (crédito or débito, tarifa) or a transfer to another
 * account (two entries, one command). Sent through useComando (one Idempotency-Key per submission); the
 * server's field errors shown under the fields.
 */
import { Button, Group, Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { comandoLancamentoBancario, comandoTransferenciaBancaria } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { dataDaTela, hojeNaLoja } from '../../../lib/datas';
import { decimalDoTexto } from '../../../lib/formato';
import { falhaDaApi } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { type ContaResumo, listarHistoricos } from '../api';

interface Props {
  modo: 'lancamento' | 'transferencia' | null;
  conta: ContaResumo;
  contas: readonly ContaResumo[];
  aoFechar: (salvou: boolean) => void;
}

const VAZIO = {
  data: '',
  tipo: 'DEBITO',
  valor: '',
  historicoPadraoId: '',
  complemento: '',
  numeroDocumento: '',
  destino: '',
};

export function NovoLancamento({ modo, conta, contas, aoFechar }: Props) {
  const [v, setV] = useState({ ...VAZIO, data: hojeNaLoja(null) });
  const [erros, setErros] = useState<Record<string, string>>({});
  const historicos = useQuery({ queryKey: ['historicos-padrao'], queryFn: listarHistoricos, enabled: !!modo });
  const lancar = useComando(comandoLancamentoBancario);
  const transferir = useComando(comandoTransferenciaBancaria);
  const campo = (k: keyof typeof VAZIO) => ({
    value: v[k],
    error: erros[k === 'destino' ? 'contaDestinoId' : k],
    onChange: (e: { currentTarget: { value: string } }) => setV({ ...v, [k]: e.currentTarget.value }),
  });

  async function salvar() {
    setErros({});
    const comum = {
      contaCorrenteId: conta.id,
      data: dataDaTela(v.data),
      valor: decimalDoTexto(v.valor) ?? v.valor,
      historicoPadraoId: v.historicoPadraoId ? Number(v.historicoPadraoId) : null,
      complemento: v.complemento || null,
      numeroDocumento: v.numeroDocumento || null,
    };
    try {
      if (modo === 'transferencia')
        await transferir.executar({ ...comum, contaDestinoId: Number(v.destino) || (undefined as unknown as number) });
      else await lancar.executar({ ...comum, tipo: v.tipo as 'CREDITO' | 'DEBITO', origem: 'MANUAL' });
      toast({
        type: 'success',
        title: 'Sucesso',
        message: modo === 'transferencia' ? 'Transferência lançada.' : 'Lançamento incluído.',
      });
      setV({ ...VAZIO, data: v.data });
      aoFechar(true);
    } catch (e) {
      const f = falhaDaApi(e);
      if (f.erros?.length) setErros(Object.fromEntries(f.erros.map((x) => [x.campo, x.mensagem])));
      else toast({ type: 'error', title: 'Não foi possível salvar', message: [f.message, ...f.reasons].join(' ') });
    }
  }

  const opcoesHistorico = (historicos.data ?? []).map((h) => ({
    value: String(h.id),
    label: `${h.codigo} - ${h.descricao}`,
  }));
  return (
    <Modal
      opened={!!modo}
      onClose={() => aoFechar(false)}
      title={modo === 'transferencia' ? `Transferência de ${conta.descricao}` : `Novo lançamento em ${conta.descricao}`}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void salvar();
        }}
        data-cy="form-lancamento"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Data" required placeholder="dd/mm/aaaa" {...campo('data')} data-cy="lanc-data" />
          {modo === 'transferencia' ? (
            <Select
              label="Conta de destino"
              required
              searchable
              data={contas.filter((c) => c.id !== conta.id).map((c) => ({ value: String(c.id), label: c.descricao }))}
              value={v.destino || null}
              onChange={(x) => setV({ ...v, destino: x ?? '' })}
              error={erros.contaDestinoId}
              data-cy="lanc-destino"
            />
          ) : (
            <Select
              label="Tipo"
              required
              allowDeselect={false}
              data={[
                { value: 'CREDITO', label: 'Crédito (entrada)' },
                { value: 'DEBITO', label: 'Débito (saída)' },
              ]}
              value={v.tipo}
              onChange={(x) => setV({ ...v, tipo: x ?? 'DEBITO' })}
              error={erros.tipo}
              data-cy="lanc-tipo"
            />
          )}
          <TextInput label="Valor (R$)" required placeholder="0,00" {...campo('valor')} data-cy="lanc-valor" />
          <Select
            label="Histórico padrão"
            searchable
            clearable
            data={opcoesHistorico}
            value={v.historicoPadraoId || null}
            onChange={(x) => setV({ ...v, historicoPadraoId: x ?? '' })}
            error={erros.historicoPadraoId}
            data-cy="lanc-historico"
          />
          <TextInput label="Complemento" {...campo('complemento')} data-cy="lanc-complemento" />
          <TextInput label="Número do documento" {...campo('numeroDocumento')} data-cy="lanc-documento" />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => aoFechar(false)}>
            Cancelar
          </Button>
          <Button type="submit" loading={lancar.enviando || transferir.enviando} data-cy="lanc-salvar">
            Salvar
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
