import { api } from '@/lib/api-client';

type StartGoogleInput = { callbackURL: string; errorCallbackURL: string };

// better-auth 1.7 serves providers of its generic OAuth plugin through the core social sign-in
// endpoint (its /sign-in/oauth2 route no longer exists), so the flow starts here.
export async function startGoogle({ callbackURL, errorCallbackURL }: StartGoogleInput) {
  const { url } = await api.post<{ url: string }>('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL,
    errorCallbackURL,
    newUserCallbackURL: callbackURL,
    disableRedirect: true,
  });
  // Google (or the OpenID provider standing in for it) takes over the page from here.
  window.location.assign(url);
}
