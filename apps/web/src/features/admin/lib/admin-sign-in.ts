import { isStaffRole, type Profile } from '@askwell/shared';

import { api, ApiError } from '@/lib/api-client';
import { authApi } from '@/lib/auth';

// Spec §5 and §8, in the order the checks run.
export const adminLoginMessages = {
  missingFields: 'Please enter both email and password.',
  invalidEmail: 'Please enter a valid email address.',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  emailNotConfirmed: 'Please verify your email address before logging in.',
  otherCredentialFailure: 'The provided email or password is incorrect. Please try again.',
  authFailed: (reason: string) => `Authentication failed: ${reason}`,
  generic: 'Login failed. Please try again or contact support if the issue persists.',
  profileReadFailed: 'Failed to verify admin status. Please contact support.',
  noProfile: 'No admin profile found. Please contact your system administrator.',
  unverified: 'Please verify your email address to access the admin panel.',
  notAdmin: 'This account does not have administrative privileges.',
  wrongRole: 'Invalid admin role. Required roles: super_admin, sales_manager, support_team',
} as const;

// `twoFactor`: the password was right and a second step follows, entering a code from the
// authenticator app ('code') or, when Settings require two-factor and the account has none yet,
// setting one up ('setup').
export type AdminSignInResult =
  | { ok: true; profile: Profile }
  | { ok: false; message: string }
  | { ok: false; twoFactor: 'code' | 'setup' };

export function validateAdminCredentials(email: string, password: string): string | null {
  if (!email.trim() || !password) return adminLoginMessages.missingFields;
  if (!email.includes('@')) return adminLoginMessages.invalidEmail;
  return null;
}

function signInFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return adminLoginMessages.generic;
  if (error.code === 'invalid_email_or_password') return adminLoginMessages.invalidCredentials;
  if (error.code === 'email_not_verified') return adminLoginMessages.emailNotConfirmed;
  if (error.status === 400 || error.status === 401) {
    return adminLoginMessages.otherCredentialFailure;
  }
  // A reason from the server (a rate limit, say) is worth showing; a dropped connection is not one.
  if (error.status > 0 && error.code !== 'UNEXPECTED_RESPONSE' && error.message) {
    return adminLoginMessages.authFailed(error.message);
  }
  return adminLoginMessages.generic;
}

function profileProblem(profile: Profile): string | null {
  if (!profile.email_verified) return adminLoginMessages.unverified;
  if (!profile.is_admin) return adminLoginMessages.notAdmin;
  if (!isStaffRole(profile.role)) return adminLoginMessages.wrongRole;
  return null;
}

async function signOutQuietly() {
  try {
    await authApi.signOut();
  } catch {
    // The session is already unusable for the admin area; a failed sign-out changes nothing shown.
  }
}

export async function adminSignIn(email: string, password: string): Promise<AdminSignInResult> {
  const invalid = validateAdminCredentials(email, password);
  if (invalid) return { ok: false, message: invalid };

  try {
    const answer = await authApi.signIn({ email: email.trim(), password });
    if ((answer as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
      return { ok: false, twoFactor: 'code' };
    }
  } catch (error) {
    return { ok: false, message: signInFailure(error) };
  }
  return finishAdminSignIn();
}

// After the password (and, when asked for, the second factor): the profile must be staff's.
export async function finishAdminSignIn(): Promise<AdminSignInResult> {
  let profile: Profile;
  try {
    profile = await api.get<Profile>('/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.code === 'two_factor_setup_required') {
      return { ok: false, twoFactor: 'setup' };
    }
    await signOutQuietly();
    const missing = error instanceof ApiError && (error.status === 401 || error.status === 404);
    return {
      ok: false,
      message: missing ? adminLoginMessages.noProfile : adminLoginMessages.profileReadFailed,
    };
  }

  const problem = profileProblem(profile);
  if (problem) {
    await signOutQuietly();
    return { ok: false, message: problem };
  }
  return { ok: true, profile };
}
