/**
 * A collector file pasted into the inventory's current count ("EAN;QTD", the kit's default layout, or a saved
 * one by name): the preview lists what it counts and its problems by line; importing keeps it only when clean
 * (the server refuses the whole file otherwise).
 */
import { Alert, Button, Group, List, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { comandoImportarContagemInventario, type ImportacaoInventario, MSG_INVENTARIO } from '@retaguarda/domain';
import { useState } from 'react';
import { chamarComando } from '../../../lib/comando/chamar';
import { toastDeErro } from '../../../lib/erros';
import { formatarDecimal } from '../../../lib/formato';
import { toast } from '../../../lib/toasts';

export function ImportacaoColetor({ id, aoImportar }: { id: number; aoImportar: () => void }) {
  const [texto, setTexto] = useState('');
  const [layoutNome, setLayoutNome] = useState('');
  const [previa, setPrevia] = useState<ImportacaoInventario | null>(null);
  const [enviando, setEnviando] = useState(false);
  const entrada = { id, texto, ...(layoutNome.trim() ? { layoutNome: layoutNome.trim() } : {}) };
  const rodar = async (soPrevia: boolean) => {
    setEnviando(true);
    try {
      const r = await chamarComando(
        comandoImportarContagemInventario,
        entrada,
        soPrevia ? { previa: true } : { chave: crypto.randomUUID() },
      );
      setPrevia(r);
      if (!soPrevia) {
        toast({ type: 'success', title: 'Sucesso', message: `${r.linhas} linha(s) somadas à ${r.n}ª contagem.` });
        setTexto('');
        setPrevia(null);
        aoImportar();
      }
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_INVENTARIO.entidade }));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Stack gap="xs" data-cy="importacao-coletor">
      <Group align="flex-end">
        <Textarea
          label="Arquivo de coletor (cole o conteúdo)"
          placeholder={'7891000100103;12\n7891000100202;3'}
          autosize
          minRows={3}
          maxRows={8}
          w={420}
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setPrevia(null);
          }}
          data-cy="coletor-texto"
        />
        <TextInput
          label="Layout salvo (vazio: EAN;QTD)"
          value={layoutNome}
          onChange={(e) => setLayoutNome(e.currentTarget.value)}
          data-cy="coletor-layout"
        />
        <Button
          variant="light"
          disabled={!texto.trim()}
          loading={enviando}
          onClick={() => void rodar(true)}
          data-cy="coletor-previa"
        >
          Prévia
        </Button>
        <Button
          disabled={!previa || previa.problemas.length > 0}
          loading={enviando}
          onClick={() => void rodar(false)}
          data-cy="coletor-importar"
        >
          Importar
        </Button>
      </Group>
      {previa && (
        <Text fz="sm" data-cy="coletor-resumo">
          {previa.linhas} linha(s), {previa.produtos} produto(s), {formatarDecimal(previa.quantidade, 4)} unidade(s)
          para a {previa.n}ª contagem.
        </Text>
      )}
      {previa && previa.problemas.length > 0 && (
        <Alert
          color="red"
          title={`${previa.problemas.length} problema(s): nada será gravado`}
          data-cy="coletor-problemas"
        >
          <List size="sm">
            {previa.problemas.map((p) => (
              <List.Item key={`${p.linha}-${p.codigo}`}>
                Linha {p.linha}
                {p.codigo ? ` (${p.codigo})` : ''}: {p.mensagem}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
