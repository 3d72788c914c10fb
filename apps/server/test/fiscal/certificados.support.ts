/** Test A1 certificates (self-signed, made at test time): the same maker the demo's simulator stores use. */
export { gerarPfx, type OpcoesPfx } from '../../src/modules/fiscal/sefaz/certificado-teste';
