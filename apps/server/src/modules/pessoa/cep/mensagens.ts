/** Messages of the CEP lookup. */
export const MSG_CEP = {
  formato: 'O CEP tem 8 dígitos.',
  semServico: 'Consulta de CEP não configurada: escolha a UF e o município na lista.',
  indisponivel: 'Serviço de CEP indisponível no momento: escolha a UF e o município na lista.',
  naoEncontrado: (cep: string) => `CEP ${cep.slice(0, 5)}-${cep.slice(5)} não encontrado.`,
} as const;
