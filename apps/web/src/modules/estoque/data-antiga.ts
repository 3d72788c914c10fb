/** The old-date confirmation moved beside the command hook (lib/comando): every command of such a contract asks. */
export { comConfirmacaoDeDataAntiga, pedeConfirmacaoDeDataAntiga } from '../../lib/comando/data-antiga';
