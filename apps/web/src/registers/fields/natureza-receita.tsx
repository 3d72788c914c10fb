/**
 * Natureza da receita (SPED 4.3.10–4.3.16): while the tables are not loaded the code is typed and the
 * field says it is not checked; once loaded it is picked from the codes in force. An administrator
 * loads (or replaces) a table from the official pipe-delimited file here.
 */
import { AVISO_NATUREZA_RECEITA, comandoCarregarTabelaNatureza, TABELAS_NATUREZA_RECEITA } from '@retaguarda/domain';
import { Alert, Anchor, Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useContextoCadastros } from '../contexto';
import { toast } from '../../lib/toasts';
import { api } from '../../lib/api';
import { useComando } from '../../lib/comando/useComando';
import { razoesDe } from '../api';
import { TextoInput } from './texto';
import { comuns, type InputProps } from './tipos';

interface Resposta {
  tabelas: {
    tabela: string;
    titulo: string;
    versao: { arquivo: string; linhas: number; carregadaEm: string } | null;
  }[];
  items: { codigo: string; descricao: string; tabela: string }[];
}

const CHAVE = ['naturezas-receita'];

function CarregarTabela({ aoFechar }: { aoFechar: () => void }) {
  const qc = useQueryClient();
  const [tabela, setTabela] = useState<string | null>('4.3.10');
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erros, setErros] = useState<string[]>([]);
  const carregar = useComando(comandoCarregarTabelaNatureza);

  async function enviar() {
    if (!tabela || !arquivo) return setErros(['Escolha a tabela e o arquivo.']);
    setErros([]);
    try {
      // the SPED files are ISO-8859-1 text
      const conteudo = new TextDecoder('iso-8859-1').decode(await arquivo.arrayBuffer());
      await carregar.executar({ tabela, arquivo: arquivo.name, conteudo });
      await qc.invalidateQueries({ queryKey: CHAVE });
      toast({ type: 'success', title: 'Sucesso', message: `Tabela ${tabela} carregada.` });
      aoFechar();
    } catch (e) {
      const r = razoesDe(e);
      setErros([r.message || 'Não foi possível carregar o arquivo.', ...r.reasons]);
    }
  }

  return (
    <Modal opened onClose={aoFechar} title="Carregar tabela da natureza da receita (SPED)" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Use o arquivo oficial da EFD-Contribuições (Tabelas externas), separado por “|”. Cada carga cria uma nova
          versão da tabela; os códigos da versão mais recente passam a valer.
        </Text>
        <Select
          label="Tabela"
          required
          value={tabela}
          onChange={setTabela}
          data={TABELAS_NATUREZA_RECEITA.map((t) => ({ value: t.tabela, label: `${t.tabela} – ${t.titulo}` }))}
          data-cy="natureza-tabela"
        />
        <FileInput
          label="Arquivo"
          required
          placeholder="Selecionar arquivo .txt"
          accept=".txt,text/plain"
          value={arquivo}
          onChange={setArquivo}
          data-cy="natureza-arquivo"
        />
        {erros.length > 0 && (
          <Alert color="red" role="alert" data-cy="natureza-erros">
            {erros.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar}>
            Cancelar
          </Button>
          <Button onClick={enviar} loading={carregar.enviando} data-cy="natureza-enviar">
            Carregar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function NaturezaReceitaInput(p: InputProps) {
  const admin = useContextoCadastros().administrador;
  const [carregando, setCarregando] = useState(false);
  const consulta = useQuery({ queryKey: CHAVE, queryFn: () => api<Resposta>('/api/v1/fiscal/naturezas-receita') });
  const editavel = !p.somenteLeitura && !p.field.readOnly;
  const tabelas = consulta.data?.tabelas ?? [];
  const carregadas = tabelas.filter((t) => t.versao);
  const faltam = tabelas.filter((t) => !t.versao).map((t) => t.tabela);
  const atual = p.value === null || p.value === undefined ? null : String(p.value);
  const opcoes = (consulta.data?.items ?? []).map((i) => ({
    value: i.codigo,
    label: `${i.codigo} - ${i.descricao.slice(0, 80)} (${i.tabela})`,
  }));
  // a code kept from before the load (or no longer in force) is still shown
  const dados = atual && !opcoes.some((o) => o.value === atual) ? [{ value: atual, label: atual }, ...opcoes] : opcoes;
  const carregar = admin && editavel && (
    <Anchor component="button" type="button" size="xs" onClick={() => setCarregando(true)} data-cy="natureza-carregar">
      {carregadas.length ? 'Carregar nova versão de uma tabela' : 'Carregar tabela do SPED'}
    </Anchor>
  );
  return (
    <>
      {carregadas.length === 0 ? (
        <TextoInput {...p} />
      ) : (
        <Select
          {...comuns(p)}
          searchable
          clearable
          nothingFoundMessage="Nenhum resultado"
          comboboxProps={{ width: 520, position: 'bottom-start' }}
          placeholder="Selecionar"
          data={dados}
          value={atual}
          onChange={(v) => p.onChange(v)}
        />
      )}
      {editavel && consulta.isSuccess && (
        <Alert
          mt={6}
          p={8}
          color={carregadas.length ? 'gray' : 'yellow'}
          variant="light"
          data-cy="natureza-aviso"
          styles={{ message: { fontSize: 'var(--mantine-font-size-xs)' } }}
        >
          {carregadas.length === 0
            ? AVISO_NATUREZA_RECEITA
            : faltam.length
              ? `Tabelas ainda não carregadas: ${faltam.join(', ')}.`
              : 'Tabelas 4.3.10–4.3.16 carregadas.'}{' '}
          {!admin && carregadas.length === 0 && 'Um administrador pode carregá-las.'} {carregar}
        </Alert>
      )}
      {carregando && <CarregarTabela aoFechar={() => setCarregando(false)} />}
    </>
  );
}
