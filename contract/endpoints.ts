// Every endpoint of the API by name: method, path and how it authenticates. Plain data without zod, so the client
// builds its requests from it at no bundle cost; ./index.ts pairs each name with its schemas.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointMeta {
  method: Method;
  /** Hono path syntax: `:name` segments are parameters. */
  path: `/api/${string}`;
  /**
   * `bearer`: the session token in `Authorization: Bearer <jwt>`; anything else is a 401.
   * `optional`: anonymous callers are served too; a valid session token attaches the user (support tickets).
   */
  auth: 'none' | 'bearer' | 'optional';
}

export const endpoints = {
  health: { method: 'GET', path: '/api/health', auth: 'none' },
  passwordPolicy: { method: 'GET', path: '/api/auth/password-policy', auth: 'none' },
  register: { method: 'POST', path: '/api/auth/register', auth: 'none' },
  jwtLogin: { method: 'POST', path: '/api/auth/jwt-login', auth: 'none' },
  firebaseLogin: { method: 'POST', path: '/api/auth/firebase-login', auth: 'none' },
  getUser: { method: 'GET', path: '/api/user', auth: 'bearer' },
  updateProfile: { method: 'PUT', path: '/api/profile', auth: 'bearer' },
  uploadPhoto: { method: 'POST', path: '/api/upload-photo', auth: 'bearer' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', auth: 'none' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', auth: 'none' },
  changePassword: { method: 'POST', path: '/api/auth/change-password', auth: 'bearer' },
  deleteUser: { method: 'DELETE', path: '/api/user', auth: 'bearer' },
  getSettings: { method: 'GET', path: '/api/settings', auth: 'bearer' },
  updateSettings: { method: 'PUT', path: '/api/settings', auth: 'bearer' },
  support: { method: 'POST', path: '/api/support', auth: 'optional' },
  newsletter: { method: 'POST', path: '/api/newsletter', auth: 'none' },
  unsubscribe: { method: 'POST', path: '/api/newsletter/unsubscribe', auth: 'none' },
} as const satisfies Record<string, EndpointMeta>;

export type EndpointName = keyof typeof endpoints;
