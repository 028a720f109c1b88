import { z } from 'zod';
import type { Role } from './roles';

export const minPasswordLength = 8;
export const trialDays = 14;

// Spec §3 profile, as the API returns it for the signed-in user.
export type Profile = {
  id: string;
  first_name: string;
  last_name: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  subscription_tier: SubscriptionTier;
  email_verified: boolean;
  is_admin: boolean;
  created_at: string;
  trial_ends_at: string | null;
  permissions: string[];
};

export type AuthConfig = { google: boolean };

// Spec §5: the full name is split on the first space.
export function splitFullName(fullName: string) {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space === -1
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

export const authMessages = {
  duplicateEmail:
    'An account with this email already exists. Please log in or use a different email.',
  unverified: 'Please verify your email address',
  codeSent: 'Verification code sent to your email',
  codeSendFailed: 'Failed to send verification code',
  codeVerified: 'Email verified successfully',
  codeVerifyFailed: 'Failed to verify email',
  invalidCode: 'Invalid verification code',
  loginFailed: 'Failed to log in',
  registerFailed: 'Failed to create account. Please try again.',
  googleLoginFailed: 'Failed to log in with Google',
  googleSignUpFailed: 'Failed to sign up with Google. Please try again.',
  unauthorizedAccess: 'Unauthorized access',
} as const;

export const passwordSchema = z
  .string({ error: 'Please enter a password.' })
  .min(minPasswordLength, `Password must be at least ${minPasswordLength} characters long.`)
  .max(128, 'Password must be at most 128 characters long.');

// What the server accepts at /api/auth/sign-up/email.
export const signUpRequestSchema = z.object({
  name: z
    .string({ error: 'Please enter your full name.' })
    .trim()
    .min(1, 'Please enter your full name.')
    .max(120, 'Name is too long.'),
  email: z
    .string({ error: 'Please enter your email.' })
    .trim()
    .pipe(z.email('Please enter a valid email address.').max(254, 'Email is too long.')),
  password: passwordSchema,
  callbackURL: z.string().startsWith('/').optional(),
});

// The registration form adds the spec's required terms-and-privacy checkbox.
export const registerSchema = signUpRequestSchema.omit({ callbackURL: true }).extend({
  acceptTerms: z.literal(true, { error: 'Please accept the terms and privacy policy.' }),
});

export const signInSchema = z.object({
  email: z.string().min(1, 'Please enter your email.'),
  password: z.string().min(1, 'Please enter your password.'),
});

export const updateProfileSchema = z.object({
  first_name: z
    .string()
    .trim()
    .min(1, 'Please enter your first name.')
    .max(60, 'First name is too long.'),
  last_name: z.string().trim().max(60, 'Last name is too long.'),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;

export const subscriptionTiers = ['free', 'premium'] as const;
export type SubscriptionTier = (typeof subscriptionTiers)[number];
