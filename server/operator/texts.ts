// What the operator console's actions write for a person to read, in the reader's language (server/http/texts.ts):
// the advertiser's notices of their company profile's review. The reason an operator wrote stays as written.
import { defineTexts } from '../http/texts.ts';

export const operatorTexts = defineTexts('operator', {
  'notice.approved': { en: 'Company approved', 'es-MX': 'Empresa aprobada' },
  'notice.approvedText': {
    en: 'Castbridge approved your company profile: you can launch campaigns now.',
    'es-MX': 'Castbridge aprobó el perfil de tu empresa: ya puedes lanzar campañas.',
  },
  'notice.rejected': { en: 'Company profile not approved', 'es-MX': 'Perfil de empresa no aprobado' },
  'notice.rejectedText': {
    en: 'Castbridge could not approve your company profile: {reason}. Update it and send it again.',
    'es-MX': 'Castbridge no pudo aprobar el perfil de tu empresa: {reason}. Actualízalo y vuelve a enviarlo.',
  },
});
