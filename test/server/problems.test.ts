// The API's refusals in every language (server/http/problems.ts): every code the contract lists has its texts, in
// English and in Spanish, and a request's language is read as RFC 9110 says.
import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ERROR_CODES, STATUS_CODES } from '../../contract/errors.ts';
import { acceptedLanguages, pickLocale } from '../../contract/locales.ts';
import { accountProblems } from '../../server/accounts/problems.ts';
import { HttpError } from '../../server/http/errors.ts';
import { httpProblems } from '../../server/http/http-problems.ts';
import { definedProblems, formatProblem } from '../../server/http/problems.ts';

describe('refusals', () => {
  it('has texts for every code of its own that the contract lists, and for no other', () => {
    expect([...definedProblems()].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(new Set(ALL_ERROR_CODES).size).toBe(ALL_ERROR_CODES.length);
  });

  it('says each of them in Spanish, not in English again', () => {
    for (const kind of [...Object.values(httpProblems), ...Object.values(accountProblems)]) {
      const values = { first: 'creator', second: 'none', minutes: 2, count: 3, unit: 'seconds', what: 'sign-in' };
      const english = formatProblem(kind.with(values), 'en');
      const spanish = formatProblem(kind.with(values), 'es-MX');
      expect(spanish, kind.code).not.toBe(english);
      expect(spanish, kind.code).not.toMatch(/\{|\}/);
    }
  });

  it('counts in each language, and the English keeps the words the screens and tests knew', () => {
    const throttled = (what: string, unit: string, count: number) =>
      accountProblems.sign_in_throttled.with({ what, unit, count });
    expect(formatProblem(throttled('sign-in', 'seconds', 1), 'en')).toBe(
      'Too many failed sign-in attempts. Try again in 1 second, or choose a new password with "Forgot your password?" on the login page.',
    );
    expect(formatProblem(throttled('password', 'minutes', 15), 'es-MX')).toBe(
      'Demasiados intentos fallidos de contraseña. Vuelve a intentarlo en 15 minutos, o elige una contraseña nueva con "¿Olvidaste tu contraseña?" en la página de inicio de sesión.',
    );
    expect(formatProblem(httpProblems.role_required.with({ first: 'advertiser', second: 'none' }), 'en')).toBe(
      'Only advertiser accounts can do this',
    );
    expect(formatProblem(httpProblems.role_required.with({ first: 'creator', second: 'advertiser' }), 'es-MX')).toBe(
      'Solo las cuentas de creador o de anunciante pueden hacer esto',
    );
  });

  it('gives an error without a code of its own its status’s', () => {
    expect(new HttpError(409, 'Only a draft campaign can be edited').code).toBe(STATUS_CODES[409]);
    expect(new HttpError(418 as never, 'odd').code).toBe('invalid_request');
    const problem = new HttpError(401, accountProblems.invalid_login);
    expect([problem.code, problem.message, problem.messageIn('es-MX')]).toEqual([
      'accounts.invalid_login',
      'Invalid email or password',
      'El correo electrónico o la contraseña no son correctos',
    ]);
  });
});

describe('Accept-Language', () => {
  it('orders by weight, keeps the header’s order among equals, and drops q=0 and malformed entries', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de', '*']);
    expect(acceptedLanguages('en;q=0.2, es-MX;q=0.9')).toEqual(['es-MX', 'en']);
    expect(acceptedLanguages('es;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('###, es;q=abc, en-US')).toEqual(['en-US']);
    expect(acceptedLanguages('')).toBeNull();
    expect(acceptedLanguages(undefined)).toBeNull();
    expect(pickLocale(acceptedLanguages('es-AR,en;q=0.5')!)).toBe('es-MX');
    expect(pickLocale(acceptedLanguages('de-DE')!)).toBe('en');
  });
});
