/** Messages of the cenários fiscais registers (checks against the official tables and the overlapping vigência). */
import { dataBr } from '../tempo/zonas';

const periodo = (inicio: string, fim: string | null) =>
  fim ? `de ${dataBr(inicio)} a ${dataBr(fim)}` : `de ${dataBr(inicio)} em diante`;

export const MSG_CADASTRO_CENARIO = {
  ncmInexistente: (ncm: string) => `o NCM ${ncm} não existe na tabela oficial ou não está em vigor.`,
  cestInexistente: (cest: string) => `o CEST ${cest} não existe na tabela oficial.`,
  cestDeOutroNcm: (cest: string, ncm: string) => `o CEST ${cest} não lista o NCM ${ncm} na tabela oficial.`,
  codigoInexistente: (tabela: string, codigo: string) => `${tabela} ${codigo} não existe na tabela oficial.`,
  cstDeOutraDirecao: (cst: string, direcao: 'entrada' | 'saída') => `o CST ${cst} não é de ${direcao}.`,
  cfopInexistente: (cfop: string) => `o CFOP ${cfop} não existe na tabela oficial (ou é um grupo, não um código).`,
  naturezaForaDasTabelas: (codigo: string, cst: string | null) =>
    `o código ${codigo} não está em vigor nas tabelas da natureza da receita${cst ? ` que servem ao CST ${cst}` : ''}.`,
  naturezaSemCst: 'a natureza da receita acompanha um CST de saída do PIS/COFINS 02 a 09.',
  cEnqInvalido: (c: string) =>
    `o cEnq ${c} não é um código de enquadramento do IPI (001–099 imunidade, 101–199 suspensão, 301–399 isenção, 601–699 redução ou 999).`,
  naoEncontrado: (oque: string) => `${oque} não encontrado ou inativo.`,
  sobreposicaoNcm: (id: number, descricao: string, inicio: string, fim: string | null) =>
    `Já existe o cenário fiscal por NCM ${id} "${descricao}" para o mesmo NCM/grupo, UFs, ramo e CRT, vigente ${periodo(inicio, fim)}: as vigências se sobrepõem.`,
  sobreposicaoOperacao: (id: number, natureza: string, inicio: string, fim: string | null) =>
    `Já existe o cenário fiscal por operação ${id} "${natureza}" para a mesma operação, modelo, finalidade, abrangência e ramo, vigente ${periodo(inicio, fim)}: as vigências se sobrepõem.`,
  vigenciaSobreposta: 'vigência sobreposta à de outro cenário.',
} as const;
