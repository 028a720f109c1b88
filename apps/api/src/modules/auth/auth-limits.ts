// Every better-auth endpoint the product calls (apps/web, the e2e suite, the Google flow), with its
// per-IP limit. Anything else under /api/auth/ is answered 404: an endpoint a later better-auth
// adds (or one of a plugin we enable for another reason, such as the e-mail-OTP password reset
// and sign-in) stays unreachable until someone lists it here, with a limit, on purpose. A strict
// limit alone would still have let a new code-checking endpoint be guessed at, slowly.
export type AuthEndpoint = {
  method: 'GET' | 'POST';
  url: string;
  ipLimit: { max: number; timeWindow: string };
};

export const authEndpoints: readonly AuthEndpoint[] = [
  // Generous enough for an office behind one address, tight enough to stop scripted guessing.
  { method: 'POST', url: '/sign-in/email', ipLimit: { max: 30, timeWindow: '5 minutes' } },
  { method: 'POST', url: '/sign-up/email', ipLimit: { max: 20, timeWindow: '1 hour' } },
  {
    method: 'POST',
    url: '/email-otp/send-verification-otp',
    ipLimit: { max: 10, timeWindow: '10 minutes' },
  },
  {
    method: 'POST',
    url: '/email-otp/verify-email',
    ipLimit: { max: 30, timeWindow: '10 minutes' },
  },
  { method: 'POST', url: '/request-password-reset', ipLimit: { max: 10, timeWindow: '1 hour' } },
  // The link in the reset mail lands here before the reset page.
  { method: 'GET', url: '/reset-password/:token', ipLimit: { max: 30, timeWindow: '1 hour' } },
  { method: 'POST', url: '/reset-password', ipLimit: { max: 20, timeWindow: '1 hour' } },
  { method: 'POST', url: '/change-password', ipLimit: { max: 20, timeWindow: '15 minutes' } },
  { method: 'POST', url: '/update-user', ipLimit: { max: 30, timeWindow: '1 minute' } },
  { method: 'POST', url: '/sign-out', ipLimit: { max: 60, timeWindow: '1 minute' } },
  { method: 'GET', url: '/get-session', ipLimit: { max: 120, timeWindow: '1 minute' } },
  { method: 'GET', url: '/list-sessions', ipLimit: { max: 60, timeWindow: '1 minute' } },
  { method: 'POST', url: '/revoke-session', ipLimit: { max: 30, timeWindow: '1 minute' } },
  { method: 'POST', url: '/revoke-other-sessions', ipLimit: { max: 30, timeWindow: '1 minute' } },
  { method: 'POST', url: '/sign-in/social', ipLimit: { max: 20, timeWindow: '5 minutes' } },
  { method: 'GET', url: '/callback/:id', ipLimit: { max: 30, timeWindow: '5 minutes' } },
  { method: 'POST', url: '/callback/:id', ipLimit: { max: 30, timeWindow: '5 minutes' } },
  // Staff TOTP: set up (with the password), confirm or enter a code, turn off. Codes are also
  // limited per account by the plugin (5 per sign-in challenge, 10 in a row lock it for 15 minutes).
  { method: 'POST', url: '/two-factor/enable', ipLimit: { max: 10, timeWindow: '15 minutes' } },
  {
    method: 'POST',
    url: '/two-factor/verify-totp',
    ipLimit: { max: 30, timeWindow: '10 minutes' },
  },
  // A sign-in's second step with one of the codes shown once at set-up, for a lost phone.
  {
    method: 'POST',
    url: '/two-factor/verify-backup-code',
    ipLimit: { max: 30, timeWindow: '10 minutes' },
  },
  { method: 'POST', url: '/two-factor/disable', ipLimit: { max: 10, timeWindow: '15 minutes' } },
  // Where better-auth sends a browser whose OAuth callback failed before it knew our error page.
  { method: 'GET', url: '/error', ipLimit: { max: 30, timeWindow: '1 minute' } },
];

// Every other path under /api/auth/: a 404, itself limited so probing costs the prober.
export const unlistedAuthIpLimit = { max: 30, timeWindow: '1 minute' } as const;

// Per account, counted in PostgreSQL across instances.
export const accountLimits = {
  // Failed sign-ins per account from one address, and from all addresses together: a stranger
  // hammering an account from one address locks only that address out, never the owner; the
  // global ceiling stops a guess spread over many addresses.
  signInPerAccountAndIp: { max: 10, seconds: 15 * 60 },
  signInPerAccount: { max: 100, seconds: 60 * 60 },
  // Wrong codes per account whatever code they were guessed against; the 10th locks codes for the
  // account for an hour and mails its owner.
  wrongCodes: { max: 10, seconds: 60 * 60 },
  codeLockSeconds: 60 * 60,
  // A code or a reset link is resent a few times at most.
  codeRequests: { max: 3, seconds: 10 * 60 },
  resetRequests: { max: 3, seconds: 60 * 60 },
} as const;
