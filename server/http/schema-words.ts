// A request the contract's schemas refuse (400), in the request's language (issue 49). The schemas say what is wrong
// in English, shared with the client (contract/schemas/*: "is required", "must be at most 2000 characters"); in
// Spanish each issue is worded from those words (WORDS: the contract's sentences; PATTERNS: those that carry a
// figure, a list or a field), else from what the issue is (zod's code and its bounds, for the checks that kept
// zod's own words), else it stays as it came. The field's path stays as the API names it, and so do the values a
// field takes ("csv, json", "bank"). test/server/schema-words.test.ts feeds every endpoint's schema wrong input and
// holds every sentence it gets to a Spanish one.
import type { z } from 'zod';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import { worded, type Worded } from './texts.ts';

type Issue = z.core.$ZodIssue;

/** The contract's sentences in Mexican Spanish, by their English. */
const WORDS: Record<string, string> = {
  'is required': 'es obligatorio',
  'is required unless you say why it is not': 'es obligatorio, salvo que expliques por qué no',
  'is required when no foreign TIN is given': 'es obligatorio si no das un TIN extranjero',
  'is required with a flat fee: the clicks to deliver': 'es obligatorio con una tarifa fija: los clics a entregar',
  'is required with the overlay': 'es obligatorio con el overlay',
  'is too long': 'es demasiado largo',
  'is too short': 'es demasiado corto',
  'is not a cursor from a previous page': 'no es un cursor de una página anterior',
  'is not a day of the calendar': 'no es un día del calendario',
  'is not a valid ABA routing number (nine digits with a valid checksum)':
    'no es un número de ruta ABA válido (nueve dígitos con un dígito verificador válido)',
  'is not a valid link token': 'no es un token de enlace válido',
  'is not an archived stream': 'no es una transmisión archivada',
  'is not an offer id': 'no es el id de una oferta',
  'is not an overlay token': 'no es un token del overlay',
  'Choose a date or a stream': 'Elige una fecha o una transmisión',
  'Search for words (q) or a chatter (user)': 'Busca palabras (q) o a un participante del chat (user)',
  'may hold letters, digits, spaces, dots, slashes and dashes only':
    'solo puede llevar letras, dígitos, espacios, puntos, diagonales y guiones',
  'minViewers must not exceed maxViewers': 'minViewers no puede ser mayor que maxViewers',
  'must ask for at least one deliverable': 'debe pedir al menos un entregable',
  'must be 1, 2 or 3': 'debe ser 1, 2 o 3',
  'must be 2000 or later': 'debe ser 2000 o posterior',
  'must be 2100 or earlier': 'debe ser 2100 o anterior',
  'must be 3 to 40 letters, digits, - or _': 'debe tener de 3 a 40 letras, dígitos, - o _',
  'must be a ZIP code (12345 or 12345-6789)': 'debe ser un código ZIP (12345 o 12345-6789)',
  'must be a country from the list other than the United States':
    'debe ser un país de la lista distinto de Estados Unidos',
  'must be a country of the registration list': 'debe ser un país de la lista del registro',
  'must be a date (YYYY-MM-DD)': 'debe ser una fecha (AAAA-MM-DD)',
  'must be a date as YYYY-MM-DD': 'debe ser una fecha con el formato AAAA-MM-DD',
  'must be a day, YYYY-MM-DD': 'debe ser un día, AAAA-MM-DD',
  'must be a number': 'debe ser un número',
  'must be a path of this site': 'debe ser una ruta de este sitio',
  'must be a real date written YYYY-MM-DD': 'debe ser una fecha real escrita AAAA-MM-DD',
  'must be a real date': 'debe ser una fecha real',
  'must be a string': 'debe ser texto',
  'must be a time as HH:MM': 'debe ser una hora con el formato HH:MM',
  'must be a two-letter US state': 'debe ser un estado de EE. UU. de dos letras',
  'must be a valid email address': 'debe ser un correo electrónico válido',
  'must be a web address starting with https://': 'debe ser una dirección web que empiece con https://',
  'must be a whole number of cents': 'debe ser un número entero de centavos',
  'must be a whole number of clicks': 'debe ser un número entero de clics',
  'must be a whole number of minutes': 'debe ser un número entero de minutos',
  'must be a whole number of posts': 'debe ser un número entero de publicaciones',
  'must be a whole number of redemptions': 'debe ser un número entero de canjes',
  'must be a year': 'debe ser un año',
  'must be after 1900-01-01': 'debe ser posterior al 1900-01-01',
  'must be an amount in cents': 'debe ser un monto en centavos',
  'must be at least $1.00': 'debe ser de al menos USD 1.00',
  'must be at most $1,000,000': 'debe ser como máximo USD 1,000,000',
  'must be at most $100.00': 'debe ser como máximo USD 100.00',
  'must be at least 1 cent': 'debe ser de al menos 1 centavo',
  'must be at least 1 minute': 'debe ser de al menos 1 minuto',
  'must be at most 30 (the rate without a treaty)': 'debe ser como máximo 30 (la tasa sin tratado)',
  'must be Influencer or Advertiser': 'debe ser Influencer o Advertiser',
  'must be letters, digits or _ (at most 25), without the !': 'debe tener letras, dígitos o _ (máximo 25), sin el !',
  'must be one of the federal tax classifications': 'debe ser una de las clasificaciones fiscales federales',
  'must be one of the listed income types': 'debe ser uno de los tipos de ingreso de la lista',
  'must be the current photo URL, "" or null; upload a new photo with POST /api/upload-photo':
    'debe ser la URL de la foto actual, "" o null; sube una foto nueva con POST /api/upload-photo',
  'must be ticked: you certify the form under penalties of perjury':
    'debe estar marcada: certificas el formulario bajo pena de perjurio',
  'must be true or false': 'debe ser verdadero o falso',
  'must not be in the future': 'no puede estar en el futuro',
  'must not end before it starts': 'no puede terminar antes de empezar',
  'must not repeat a country': 'no puede repetir un país',
  'must not repeat a language': 'no puede repetir un idioma',
  'must not repeat a platform': 'no puede repetir una plataforma',
  'must not contain NUL characters': 'no puede contener caracteres NUL',
  'needs a tracked link: pay per click counts its clicks':
    'necesita un enlace con seguimiento: el pago por clic cuenta sus clics',
  'send notifications, locale or both': 'envía notifications, locale o ambos',
  'Nothing to change: send enabled, position, size or rotationSeconds':
    'Nada que cambiar: envía enabled, position, size o rotationSeconds',
  'must be whole seconds': 'debe ser un número entero de segundos',
  "must be a chatter's login": 'debe ser el login de un participante del chat',
  'Use 3 to 30 characters: lower-case letters, digits and underscores':
    'Usa de 3 a 30 caracteres: letras minúsculas, dígitos y guiones bajos',
};

/** The contract's sentences that carry a figure, a list of values or a field's name; `$1`… are kept as they are. */
const PATTERNS: [RegExp, string][] = [
  [/^must be at most (\d+) characters$/, 'debe tener como máximo $1 caracteres'],
  [/^is at most (\d+) characters$/, 'tiene como máximo $1 caracteres'],
  [/^must be at least (\d+) characters$/, 'debe tener al menos $1 caracteres'],
  [/^must be at most (\d+) cents$/, 'debe ser como máximo $1 centavos'],
  [/^must be at least (\d+) cents$/, 'debe ser de al menos $1 centavos'],
  [/^must be at most (\d+) minutes$/, 'debe ser como máximo $1 minutos'],
  [/^must be at least (\d+) minutes$/, 'debe ser de al menos $1 minutos'],
  [/^must be at most (\d+)$/, 'debe ser como máximo $1'],
  [/^must be at least (\d+)$/, 'debe ser al menos $1'],
  [/^must be (\d+) to (\d+) digits$/, 'debe tener de $1 a $2 dígitos'],
  [/^must be one of (.+)$/, 'debe ser uno de estos: $1'],
  [/^must be (\S+) or (\S+)$/, 'debe ser $1 o $2'],
  [/^must be ([\w-]+(?:, [\w-]+)+)$/, 'debe ser uno de estos: $1'],
  [/^kind: must be (\S+) or (\S+)$/, 'kind: debe ser $1 o $2'],
  [/^(\w+) is required$/, '$1 es obligatorio'],
  [/^(\w+) must be true or false$/, '$1 debe ser verdadero o falso'],
  [/^(\w+) must be a number$/, '$1 debe ser un número'],
  [/^(\w+) must be a whole number$/, '$1 debe ser un número entero'],
  [/^(\w+) must be (\d+) or more$/, '$1 debe ser $2 o más'],
  [/^(\w+) must be at least (\d+)$/, '$1 debe ser al menos $2'],
  [/^(\w+) must be at most (\d+) characters$/, '$1 debe tener como máximo $2 caracteres'],
  [/^(\w+) must be at most (\d+): narrow the filters$/, '$1 debe ser como máximo $2: acota los filtros'],
  [/^(\w+) must be at most (\d+)$/, '$1 debe ser como máximo $2'],
  [/^(\w+) must be one of (.+)$/, '$1 debe ser uno de estos: $2'],
];

const SIZED: Record<string, string> = { string: 'caracteres', array: 'elementos', set: 'elementos', file: 'bytes' };
const TYPES: Record<string, string> = {
  string: 'texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
};

/** What a string format zod checks must be. */
const FORMATS: Record<string, string> = {
  email: 'debe ser un correo electrónico válido',
  datetime: 'debe ser una fecha y hora ISO 8601',
  date: 'debe ser una fecha ISO 8601 (AAAA-MM-DD)',
  time: 'debe ser una hora ISO 8601',
  url: 'debe ser una URL',
  uuid: 'debe ser un UUID',
};

/** An issue zod worded itself (a check the contract gave no words), worded in Spanish from what it is. */
function fromIssue(issue: Issue): string | null {
  switch (issue.code) {
    case 'invalid_type':
      // zod's own English says what it received: nothing sent is a missing field.
      if (/received undefined$/.test(issue.message)) return 'es obligatorio';
      return TYPES[issue.expected] ? `debe ser ${TYPES[issue.expected]}` : null;
    case 'too_big': {
      const unit = SIZED[issue.origin];
      const most = String(issue.maximum);
      return unit ? `debe tener como máximo ${most} ${unit}` : `debe ser como máximo ${most}`;
    }
    case 'too_small': {
      const unit = SIZED[issue.origin];
      const least = String(issue.minimum);
      return unit ? `debe tener al menos ${least} ${unit}` : `debe ser al menos ${least}`;
    }
    case 'invalid_value':
      return `debe ser uno de estos: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'no tiene el formato esperado';
    case 'unrecognized_keys':
      return `no admite ${issue.keys.length === 1 ? 'el campo' : 'los campos'} ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'no es ninguna de las formas admitidas';
    default:
      return null;
  }
}

/** A sentence of the contract's schemas in Spanish, or null when it is not one of theirs. */
export function contractSentence(message: string): string | null {
  const said = WORDS[message];
  if (said) return said;
  for (const [pattern, spanish] of PATTERNS) if (pattern.test(message)) return message.replace(pattern, spanish);
  return null;
}

/** One issue's words in Spanish: the contract's sentence, else what the issue is, else as it came (null). */
export const spanishIssue = (issue: Issue): string | null => contractSentence(issue.message) ?? fromIssue(issue);

/** One readable sentence from a zod failure in `locale`, e.g. "gender: expected one of Male, Female". */
export function describeIssuesIn(error: z.ZodError, locale: Locale): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const words = locale === DEFAULT_LOCALE ? issue.message : (spanishIssue(issue) ?? issue.message);
      return issue.path.length ? `${issue.path.join('.')}: ${words}` : words;
    })
    .join('; ');
}

/**
 * A field's refusal in the contract's words, checked by a handler rather than by the schema (a patch merged with what
 * is stored): "deliverable.endsOn: must not end before it starts", worded in each language as the schema's 400 is.
 */
export const fieldRefusal = (path: string, message: string): Worded =>
  worded((locale) => `${path}: ${locale === DEFAULT_LOCALE ? message : (contractSentence(message) ?? message)}`);
