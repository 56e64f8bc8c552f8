// The Stripe stand-in lives with the server's (server/standins/stripe.ts): one stand-in for the tests and `npm start`.
export { startStripeStandIn, type StripeStandIn, type StripeRequestLog } from '../../server/standins/stripe.ts';
