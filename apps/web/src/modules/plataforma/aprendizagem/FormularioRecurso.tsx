/** Learning resource form (modal): title, screen of the menu, content and/or link, active. */
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { ROTAS } from '@retaguarda/domain';
import { useEffect, useState } from 'react';
import { toast } from '../../../app/toasts/store';
import { toastDeErro } from '../../../lib/erros';
import { SelecaoPesquisavel } from '../../../ui/SelecaoPesquisavel';
import { alterarRecurso, type DadosRecurso, incluirRecurso, type RecursoCadastro } from './aprendizagem.api';

/** Every menu screen, labelled with its breadcrumb so twin titles stay apart. */
export const TELAS_DO_MENU = ROTAS.filter((r) => r.menu).map((r) => ({
  value: r.path,
  label: [...r.breadcrumb, r.titulo].join(' › '),
}));
export const rotuloDaTela = (menuId: string) => TELAS_DO_MENU.find((t) => t.value === menuId)?.label ?? menuId;

const VAZIO: DadosRecurso = { menuId: '', titulo: '', conteudo: '', link: null, ativo: true };
type Erros = Partial<Record<'menuId' | 'titulo' | 'conteudo' | 'link', string>>;

export function validarRecurso(d: DadosRecurso): Erros {
  const erros: Erros = {};
  if (!d.titulo.trim()) erros.titulo = 'Informe o título.';
  if (!d.menuId) erros.menuId = 'Escolha a tela do menu.';
  if (!d.conteudo.trim() && !d.link?.trim()) erros.conteudo = 'Informe o conteúdo ou um link.';
  if (d.link?.trim() && !/^(https?:\/\/|\/)/.test(d.link.trim()))
    erros.link = 'O link deve começar com http://, https:// ou /.';
  return erros;
}

interface Props {
  /** null: closed; 'novo' or the resource being edited. */
  alvo: RecursoCadastro | 'novo' | null;
  aoFechar: () => void;
  aoSalvo: () => void;
}

export function FormularioRecurso({ alvo, aoFechar, aoSalvo }: Props) {
  const [dados, setDados] = useState<DadosRecurso>(VAZIO);
  const [erros, setErros] = useState<Erros>({});
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    setErros({});
    if (alvo === 'novo' || alvo === null) setDados(VAZIO);
    else
      setDados({
        menuId: alvo.menuId,
        titulo: alvo.titulo,
        conteudo: alvo.conteudo,
        link: alvo.link,
        ativo: alvo.ativo,
        versao: alvo.versao,
      });
  }, [alvo]);

  const mudar = (p: Partial<DadosRecurso>) => {
    setDados((d) => ({ ...d, ...p }));
    // a field being fixed loses its message (content and link answer the same rule)
    setErros((e) => {
      const resto = { ...e };
      for (const k of Object.keys(p)) delete resto[k as keyof Erros];
      if ('link' in p) delete resto.conteudo;
      return resto;
    });
  };
  const salvar = async () => {
    const e = validarRecurso(dados);
    setErros(e);
    if (Object.keys(e).length) return;
    setEnviando(true);
    const corpo = { ...dados, link: dados.link?.trim() || null };
    try {
      if (alvo === 'novo') await incluirRecurso(corpo);
      else if (alvo) await alterarRecurso(alvo.id, corpo);
      toast({ type: 'success', title: 'Sucesso', message: 'Recurso de aprendizagem salvo.' });
      aoSalvo();
    } catch (err) {
      toast(toastDeErro(err, { entidade: 'recursos de aprendizagem' }));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Modal
      opened={alvo !== null}
      onClose={aoFechar}
      size="lg"
      title={alvo === 'novo' ? 'Novo recurso de aprendizagem' : 'Editar recurso de aprendizagem'}
    >
      <Stack gap="sm">
        <TextInput
          label="Título"
          required
          value={dados.titulo}
          onChange={(e) => mudar({ titulo: e.currentTarget.value })}
          error={erros.titulo}
          maxLength={200}
          data-cy="recurso-titulo"
        />
        <SelecaoPesquisavel
          label="Tela do menu"
          opcoes={TELAS_DO_MENU}
          valor={dados.menuId || null}
          aoMudar={(v) => mudar({ menuId: v ?? '' })}
          erro={erros.menuId}
          tamanho="sm"
          data-cy="recurso-tela"
        />
        <Textarea
          label="Conteúdo"
          description="Texto exibido na janela de ajuda da tela."
          autosize
          minRows={4}
          maxRows={12}
          value={dados.conteudo}
          onChange={(e) => mudar({ conteudo: e.currentTarget.value })}
          error={erros.conteudo}
          maxLength={20000}
          data-cy="recurso-conteudo"
        />
        <TextInput
          label="Link do material de apoio"
          placeholder="https://…"
          value={dados.link ?? ''}
          onChange={(e) => mudar({ link: e.currentTarget.value })}
          error={erros.link}
          maxLength={2000}
        />
        <Switch label="Ativo" checked={dados.ativo} onChange={(e) => mudar({ ativo: e.currentTarget.checked })} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={aoFechar}>
            Cancelar
          </Button>
          <Button onClick={() => void salvar()} loading={enviando} data-cy="recurso-salvar">
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
