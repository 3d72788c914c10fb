import { defineRegister, f } from '../registers/fields';

const HORA = { regex: '^([01]\\d|2[0-3]):[0-5]\\d$', message: 'Informe a hora como HH:mm.' };

/** Mensagens promocionais (domain.md §4): per store, period, days and hours; only messages in force go to the POS. */
export const mensagemPromocional = defineRegister({
  key: 'mensagemPromocional',
  table: 'mensagem_promocional',
  label: {
    singular: 'Mensagem promocional',
    plural: 'Mensagens promocionais',
    naoEncontrado: 'Mensagem promocional não encontrada.',
    incluido: 'Mensagem promocional incluída.',
    excluido: 'Mensagem promocional excluída.',
    indefinido: 'uma mensagem promocional',
    definido: 'a mensagem promocional',
  },
  area: 'Frente de loja',
  route: '/frenteDeLoja/mensagensPromocionais',
  paths: [{ path: '/v1/pdv/mensagens-promocionais' }],
  permissao: 'MENSAGENS_PROMOCIONAIS',
  lojaField: 'lojas',
  hooks: ['beforeCreate', 'beforeUpdate'],
  fields: [
    f.text('titulo', 'Título', { required: true }),
    f.longText('texto', 'Texto', {
      required: true,
      maxLength: 250,
      help: 'Até 5 linhas de 48 colunas (impressora de 80 mm).',
    }),
    f.enumOf(
      'local',
      'Onde aparece',
      [
        { value: 'RODAPE_CUPOM', label: 'Rodapé do cupom (informações complementares da NFC-e)' },
        { value: 'TELA_CLIENTE', label: 'Tela do cliente' },
        { value: 'TELA_OPERADOR', label: 'Tela do operador' },
      ],
      { required: true, default: 'RODAPE_CUPOM' },
    ),
    f.lojas('lojas', 'Lojas', { required: true }),
    f.date('vigenciaInicio', 'Início da vigência', { required: true }),
    f.date('vigenciaFim', 'Fim da vigência'),
    f.multiEnum(
      'diasSemana',
      'Dias da semana',
      [
        { value: 'DOM', label: 'Domingo' },
        { value: 'SEG', label: 'Segunda-feira' },
        { value: 'TER', label: 'Terça-feira' },
        { value: 'QUA', label: 'Quarta-feira' },
        { value: 'QUI', label: 'Quinta-feira' },
        { value: 'SEX', label: 'Sexta-feira' },
        { value: 'SAB', label: 'Sábado' },
      ],
      { help: 'Vazio: todos os dias.' },
    ),
    f.text('horaInicio', 'Hora de início', { maxLength: 5, pattern: HORA }),
    f.text('horaFim', 'Hora de fim', { maxLength: 5, pattern: HORA }),
    f.integer('prioridade', 'Prioridade', {
      min: 0,
      max: 99,
      default: 0,
      help: 'A maior prioridade é mostrada primeiro.',
    }),
    f.money('valorMinimoCupom', 'Condição: total mínimo do cupom'),
    f.reference('produtoId', 'Condição: produto no cupom', 'produto'),
    f.reference('secaoId', 'Condição: seção no cupom', 'secao'),
  ],
  list: {
    columns: [
      { field: 'id' },
      { field: 'titulo' },
      { field: 'local' },
      { field: 'vigenciaInicio' },
      { field: 'vigenciaFim' },
      { field: 'ativo', label: 'Situação' },
    ],
    search: ['titulo', 'texto'],
  },
  sections: [
    { title: 'Mensagem', fields: ['titulo', 'texto', 'local', 'prioridade', 'ativo', 'idExterno'] },
    {
      title: 'Lojas e período',
      fields: ['lojas', 'vigenciaInicio', 'vigenciaFim', 'diasSemana', 'horaInicio', 'horaFim'],
    },
    { title: 'Condição (opcional)', fields: ['valorMinimoCupom', 'produtoId', 'secaoId'] },
  ],
});
