// What Twitch publishes about the Helix calls the stand-ins answer, each with its source. The stand-ins take these
// from here, never from the product (server/): a scope the product forgets to ask for is then refused by the stand-in
// as Twitch would refuse it, instead of being checked against the product's own list.

/**
 * Send Chat Message (POST /helix/chat/messages) with a user access token: the token's user is the sender and must
 * have granted `user:write:chat`. (With an app access token Twitch asks `user:write:chat` and `user:bot` of the
 * sender, and `channel:bot` of the broadcaster or the sender's moderator status; the product sends as the bot's user.)
 * Source: https://dev.twitch.tv/docs/api/reference/#send-chat-message ("Authorization: Requires an app access token or
 * user access token that includes the user:write:chat scope"); retrieved 2026-11.
 */
export const SEND_CHAT_MESSAGE_USER_SCOPES = ['user:write:chat'] as const;

/** The same call with an app access token: the sender's scopes (and the broadcaster's channel:bot, or a moderator). */
export const SEND_CHAT_MESSAGE_APP_SENDER_SCOPES = ['user:write:chat', 'user:bot'] as const;

/**
 * The longest chat message Send Chat Message takes.
 * Source: https://dev.twitch.tv/docs/api/reference/#send-chat-message (request body `message`: "The message may
 * contain a maximum of 500 characters").
 */
export const TWITCH_CHAT_MESSAGE_MAX = 500;

/**
 * Helix's answer to a token that lacks a scope the call requires: 401 with the standard error object.
 * Source: https://dev.twitch.tv/docs/api/reference/#send-chat-message (Response Codes: "401 Unauthorized — The
 * Authorization header is required and must contain a user access token … that includes the user:write:chat scope")
 * and https://dev.twitch.tv/docs/api/guide/#twitch-api-errors (the `{ error, status, message }` body).
 */
export function missingScope(scope: string): { error: 'Unauthorized'; status: 401; message: string } {
  return { error: 'Unauthorized', status: 401, message: `Missing scope: ${scope}` };
}

/** The scopes of `required` that `granted` lacks, in the reference's order. */
export function lackingScopes(granted: readonly string[], required: readonly string[]): string[] {
  return required.filter((scope) => !granted.includes(scope));
}
