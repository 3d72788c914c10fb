/** Job kinds used only by the job tests, the child instance and the bench. */
import { defineJob, FalhaDefinitiva } from '../../src/jobs';

const dormir = (ms: number, sinal?: AbortSignal) =>
  new Promise<void>((ok) => {
    const t = setTimeout(ok, ms);
    sinal?.addEventListener('abort', () => {
      clearTimeout(t);
      ok();
    });
  });

/** completion order of 'teste-curto' jobs in this process */
export const concluidos: { id: string; assinanteId: number; em: number }[] = [];

export const tarefaCurta = defineJob<{ ms?: number }, { ok: true }>({
  tipo: 'teste-curto',
  fila: 'geral',
  async executar({ tarefaId, assinanteId, dados }) {
    await dormir(dados.ms ?? 20);
    concluidos.push({ id: tarefaId, assinanteId, em: Date.now() });
    return { ok: true };
  },
});

/** reports 3 steps, then answers */
export const tarefaComProgresso = defineJob<{ passos: number }, { passos: number }>({
  tipo: 'teste-progresso',
  fila: 'geral',
  async executar({ dados, progresso }) {
    for (let i = 0; i < dados.passos; i++) {
      await progresso(i, dados.passos, i === 0 ? 'Começando' : 'Contando');
      await dormir(300);
    }
    return { passos: dados.passos };
  },
});

/** runs until cancelled (or, outside the dying child, for `ms`) */
export const tarefaLonga = defineJob<{ ms?: number }, { terminou: boolean }>({
  tipo: 'teste-longo',
  fila: 'geral',
  async executar({ dados, progresso, sinal }) {
    const fim = Date.now() + (process.env.TESTE_INSTANCIA_MORRE === '1' ? 3_600_000 : (dados.ms ?? 100));
    let i = 0;
    while (Date.now() < fim && !sinal.aborted) {
      await progresso(i++, 1000, 'Trabalhando');
      await dormir(100, sinal);
    }
    return { terminou: !sinal.aborted };
  },
});

/** 'teste-invalido' jobs whose end hook has finished (it takes 200 ms) */
export const encerramentosFeitos = new Set<string>();

/** fails for good at once; its end hook is slow */
export const tarefaInvalida = defineJob<unknown, never>({
  tipo: 'teste-invalido',
  fila: 'geral',
  async executar() {
    throw new FalhaDefinitiva('Parâmetros inválidos para a tarefa de teste.');
  },
  async aoEncerrar({ tarefaId }) {
    await dormir(200);
    encerramentosFeitos.add(tarefaId);
  },
});
