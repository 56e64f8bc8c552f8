// Plain-data limits the forms check before sending and the schemas enforce (zod-free, so the client may import it).

/** docs/spec.md §3 Support and contact forms: name, email, subject, message (docs/product.md §Accounts: message at most 5,000 characters). */
export const SUPPORT_LIMITS = { name: 200, subject: 200, message: 5000 } as const;
