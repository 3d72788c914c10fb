/** The columns of a device as the API answers it (never the credential's hash). */
import type { StatusDispositivo, TipoDispositivo } from '@retaguarda/domain';

export const COLUNAS_DISPOSITIVO = `id::int as id, loja_id, identificador, nome, tipo, fabricante, modelo,
  sistema_operacional, versao_app, numero_caixa, prefixo, status, usuario_cadastro_id, cadastrado_em,
  ultimo_acesso_em, status_em, versao`;

export interface LinhaDispositivo {
  id: number;
  lojaId: number;
  identificador: string;
  nome: string;
  tipo: TipoDispositivo;
  fabricante: string | null;
  modelo: string | null;
  sistemaOperacional: string | null;
  versaoApp: string | null;
  numeroCaixa: number | null;
  prefixo: string;
  status: StatusDispositivo;
  usuarioCadastroId: number | null;
  cadastradoEm: Date;
  ultimoAcessoEm: Date | null;
  statusEm: Date | null;
  versao: number;
}
