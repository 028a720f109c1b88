import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export const oidcClient = { id: 'askwell-e2e', secret: 'askwell-e2e-client-secret' };

// A local OpenID Connect provider that stands in for Google: its development login form accepts
// any login; the account's e-mail is `<login>@gmail.test`, already verified, as Google's are.
export async function startOidcProvider({
  port,
  redirectUri,
}: {
  port: number;
  redirectUri: string;
}) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: oidcClient.id,
        client_secret: oidcClient.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    findAccount: async (_context, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub.toLowerCase()}@gmail.test`,
        email_verified: true,
        name: `${capitalise(sub)} Googler`,
        given_name: capitalise(sub),
        family_name: 'Googler',
      }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['askwell-e2e-oidc-cookie-key'] },
  });
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, () => resolve(listening));
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function capitalise(value: string) {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
