/** Pure readers: XML bodies shaped by the declaration, and the SPED natureza da receita file. */
import { registerByKey } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { lerTabelaNatureza } from '../../src/modules/fiscal/natureza-receita';
import { parseXmlBody, toXml, wantsXml } from '../../src/plugins/xml';
import { LoteBody } from '../../src/registers/lote';

describe('parseXmlBody', () => {
  it('groups stay objects, lists are read wrapped or repeated, empty elements are null', () => {
    const fornecedor = registerByKey('fornecedor');
    const body = parseXmlBody(
      `<Fornecedor><nome>A &amp; B</nome><email/><endereco><cep>80010-000</cep><uf>PR</uf></endereco>
        <contatos><contato><tipo>EMAIL</tipo><valor>x@y.com</valor></contato><contato><tipo>TELEFONE</tipo><valor>4133334444</valor></contato></contatos>
       </Fornecedor>`,
      fornecedor,
    );
    expect(body).toEqual({
      nome: 'A & B',
      email: null,
      endereco: { cep: '80010-000', uf: 'PR' },
      contatos: [
        { tipo: 'EMAIL', valor: 'x@y.com' },
        { tipo: 'TELEFONE', valor: '4133334444' },
      ],
    });
    const mix = registerByKey('mix');
    expect(parseXmlBody('<Mix><lojasIds>1</lojasIds><lojasIds>2</lojasIds></Mix>', mix)).toEqual({
      lojasIds: ['1', '2'],
    });
    expect(parseXmlBody('<Mix><lojasIds><item>3</item></lojasIds></Mix>', mix)).toEqual({ lojasIds: ['3'] });
    expect(parseXmlBody('<Mix><lojasIds/></Mix>', mix)).toEqual({ lojasIds: [] });
  });

  it('a paramlist becomes a batch; JSON under an XML type is read as JSON; DTDs are refused', () => {
    const lote = parseXmlBody(
      '<paramlist><items><item><locator>0</locator><entity><id>1</id></entity></item></items></paramlist>',
      registerByKey('codigoAuxiliar'),
    );
    expect(lote).toBeInstanceOf(LoteBody);
    expect((lote as LoteBody).items).toEqual([{ locator: '0', entity: { id: '1' } }]);
    expect(parseXmlBody('{"username":"a"}', undefined)).toEqual({ username: 'a' });
    expect(() => parseXmlBody('<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>', undefined)).toThrow(/XML válido/);
  });

  it('answers: roots by shape and register, escaped text, list items named after the entity', () => {
    const produto = registerByKey('produto');
    expect(toXml({ start: 0, count: 1, total: 1, items: [{ id: 1, descricao: '<b>' }] }, 200, produto)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><ResultList><start>0</start><count>1</count><total>1</total><items><Produto><id>1</id><descricao>&lt;b&gt;</descricao></Produto></items></ResultList>',
    );
    expect(toXml({ message: 'x', reasons: ['a', 'b'] }, 422, produto)).toContain(
      '<ErrorResponse><message>x</message><reasons><reason>a</reason><reason>b</reason></reasons></ErrorResponse>',
    );
    expect(toXml([{ id: 2 }], 200, registerByKey('preco'))).toContain('<Objects><Preco><id>2</id></Preco></Objects>');
  });

  it('negotiates XML only when preferred over JSON', () => {
    const req = (accept?: string) => ({ headers: { accept } }) as Parameters<typeof wantsXml>[0];
    expect(wantsXml(req('application/xml'))).toBe(true);
    expect(wantsXml(req('text/xml, application/json;q=0.5'))).toBe(true);
    expect(wantsXml(req('application/json, application/xml'))).toBe(false);
    expect(wantsXml(req('application/xml;q=0'))).toBe(false);
    expect(wantsXml(req('*/*'))).toBe(false);
    expect(wantsXml(req(undefined))).toBe(false);
  });
});

describe('lerTabelaNatureza', () => {
  it('reads the pipe layout with or without outer pipes, a header line, ddmmaaaa or ISO dates', () => {
    const r = lerTabelaNatureza(
      '\uFEFFTabela 4.3.13\n|101|Hortícolas|0701, 0702|01012009||\n102|Ovos|0407|2009-01-01|2015-12-31\n\n103|Sem datas|',
    );
    expect(r.erros).toEqual([]);
    expect(r.linhas).toEqual([
      { codigo: '101', descricao: 'Hortícolas', ncm: '0701, 0702', dataInicio: '2009-01-01', dataFim: null },
      { codigo: '102', descricao: 'Ovos', ncm: '0407', dataInicio: '2009-01-01', dataFim: '2015-12-31' },
      { codigo: '103', descricao: 'Sem datas', ncm: null, dataInicio: null, dataFim: null },
    ]);
  });

  it('names each bad line; an empty file is refused', () => {
    const r = lerTabelaNatureza('101|Arroz|01012010|01012009|\n102||01012009|\n1030|Batata|01012009|');
    expect(r.erros).toEqual([
      'linha 1: a data final é anterior à inicial.',
      'linha 2: descrição ausente ou longa demais.',
      'linha 3: código "1030" inválido: use 3 dígitos.',
    ]);
    expect(lerTabelaNatureza('\n\n').erros).toEqual(['O arquivo não tem nenhum código.']);
  });
});
