/**
 * CFOP and CEST inputs: their official tables are known to be old or incomplete (SOURCES.md), so
 * the field says so and lets an administrator add a missing code (the commands `comandoIncluirCfop|Cest|Cstat`).
 */
import {
  AVISO_TABELA,
  comandoIncluirCest,
  comandoIncluirCfop,
  comandoIncluirCstat,
  FORMATO_CODIGO,
  somenteDigitos,
  type TabelaIncompleta,
} from '@retaguarda/domain';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useContextoCadastros } from '../contexto';
import { toast } from '../../lib/toasts';
import { api } from '../../lib/api';
import { useComando } from '../../lib/comando/useComando';
import { HttpError } from '../../lib/erros';
import { PesquisarCodigo } from './pesquisa-codigo';
import { MascaradoInput } from './texto';
import type { InputProps } from './tipos';

const INCLUIR = { cfop: comandoIncluirCfop, cest: comandoIncluirCest, cstat: comandoIncluirCstat } as const;

interface Dados {
  codigo: string;
  descricao: string;
  ncm: string;
  segmento: string;
}

function IncluirCodigo({
  tabela,
  inicial,
  aoFechar,
}: {
  tabela: TabelaIncompleta;
  inicial: string;
  aoFechar: () => void;
}) {
  const [d, setD] = useState<Dados>({ codigo: inicial, descricao: '', ncm: '', segmento: '' });
  const [erro, setErro] = useState<string[]>([]);
  const incluir = useComando(INCLUIR[tabela]);
  const nome = tabela.toUpperCase();
  const mudar = (k: keyof Dados) => (e: { currentTarget: { value: string } }) => {
    // read now: React clears currentTarget before a deferred state updater runs
    const valor = e.currentTarget.value;
    setD((x) => ({ ...x, [k]: valor }));
  };

  async function salvar() {
    if (!FORMATO_CODIGO[tabela].regex.test(somenteDigitos(d.codigo))) return setErro([FORMATO_CODIGO[tabela].mensagem]);
    try {
      await incluir.executar(tabela === 'cfop' ? { codigo: d.codigo, descricao: d.descricao } : d);
      toast({ type: 'success', title: 'Sucesso', message: `${nome} ${somenteDigitos(d.codigo)} incluído na tabela.` });
      aoFechar();
    } catch (e) {
      const corpo = (e instanceof HttpError ? e.data : null) as { message?: string; reasons?: string[] } | null;
      setErro(corpo?.message ? [corpo.message, ...(corpo.reasons ?? [])] : ['Não foi possível incluir o código.']);
    }
  }

  return (
    <Modal opened onClose={aoFechar} title={`Incluir ${nome} ausente da tabela`} size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          O código passa a valer para todas as empresas: confira-o na publicação oficial antes de incluir.
        </Text>
        <TextInput label={nome} required value={d.codigo} onChange={mudar('codigo')} data-cy="incluir-codigo" />
        {tabela === 'cest' && (
          <>
            <TextInput
              label="NCM ou prefixo listado no convênio"
              required
              value={d.ncm}
              onChange={mudar('ncm')}
              data-cy="incluir-ncm"
            />
            <TextInput label="Segmento" required value={d.segmento} onChange={mudar('segmento')} />
          </>
        )}
        <Textarea label="Descrição" required autosize minRows={2} value={d.descricao} onChange={mudar('descricao')} />
        {erro.length > 0 && (
          <Alert color="red" role="alert">
            {erro.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar}>
            Cancelar
          </Button>
          <Button onClick={salvar} loading={incluir.enviando} data-cy="incluir-codigo-salvar">
            Incluir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function CodigoOficialInput(p: InputProps) {
  const tabela = p.field.type as TabelaIncompleta;
  const admin = useContextoCadastros().administrador;
  const [aberto, setAberto] = useState(false);
  const [pesquisando, setPesquisando] = useState(false);
  const editavel = !p.somenteLeitura && !p.field.readOnly;
  const aviso = (
    <>
      {(tabela === 'cfop' || tabela === 'cest') && (
        <>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => setPesquisando(true)}
            data-cy={`pesquisar-${p.caminho}`}
          >
            Pesquisar na tabela
          </Anchor>{' '}
        </>
      )}
      {AVISO_TABELA[tabela]}
      {!admin && ' Se faltar um código, peça a um administrador que o inclua.'}
      {admin && editavel && (
        <>
          {' '}
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => setAberto(true)}
            data-cy={`incluir-${tabela}`}
          >
            Incluir código ausente
          </Anchor>
        </>
      )}
    </>
  );
  return (
    <>
      <MascaradoInput {...p} />
      {!p.semRotulo && editavel && (
        <Text size="xs" c="dimmed" mt={4}>
          {aviso}
        </Text>
      )}
      {pesquisando && (tabela === 'cfop' || tabela === 'cest') && (
        <PesquisarCodigo tabela={tabela} aoEscolher={(c) => p.onChange(c)} aoFechar={() => setPesquisando(false)} />
      )}
      {aberto && <IncluirCodigo tabela={tabela} inicial={String(p.value ?? '')} aoFechar={() => setAberto(false)} />}
    </>
  );
}
