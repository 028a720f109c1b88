import { z } from 'zod';
import { passwordSchema, subscriptionTiers, type SubscriptionTier } from './auth';
import type { SubscriptionStatus } from './billing';
import { roles, type Role } from './roles';

// The back office's Users screen (spec §2): one row of the list, as the API returns it.
export type AdminUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  subscription_tier: SubscriptionTier;
  email_verified: boolean;
  is_admin: boolean;
  created_at: string;
  suspended_at: string | null;
  suspended_reason: string | null;
  bot_count: number;
  // Of the subscription the plan comes from (payments); null when the account never had one.
  subscription_status: SubscriptionStatus | null;
};

// Newest first, a page at a time: `next_cursor` is passed back as `before` for the next page and
// is null on the last one.
export type AdminUserPage = { users: AdminUser[]; next_cursor: string | null };
export const adminUserPageSize = 50;

export const accountSuspendedMessage = 'This account is suspended. Contact support.';

export const adminUserMessages = {
  updated: 'User profile updated successfully',
  updateFailed: 'Failed to update user profile',
  duplicateEmail: 'An account with this email already exists. Please use a different email.',
} as const;

const emailField = z
  .string({ error: 'Please enter an email address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address.').max(254, 'Email is too long.'));
const firstNameField = z
  .string({ error: 'Please enter a first name.' })
  .trim()
  .min(1, 'Please enter a first name.')
  .max(60, 'First name is too long.');
const lastNameField = z
  .string({ error: 'Please enter a last name.' })
  .trim()
  .max(60, 'Last name is too long.');

// Spec §5: the password is optional and a blank one keeps the current password.
const optionalPassword = z
  .string({ error: 'Please enter a password.' })
  .optional()
  .superRefine((value, context) => {
    if (!value) return;
    const checked = passwordSchema.safeParse(value);
    if (!checked.success)
      context.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
  });

export const adminUserUpdateSchema = z.object({
  email: emailField,
  first_name: firstNameField,
  last_name: lastNameField.default(''),
  password: optionalPassword,
});
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

export const adminUserCreateSchema = z.object({
  email: emailField,
  first_name: firstNameField,
  last_name: lastNameField.default(''),
  tier: z.enum(subscriptionTiers, { error: 'Choose Free or Premium.' }).default('free'),
});
export type AdminUserCreate = z.input<typeof adminUserCreateSchema>;

export const adminUserSuspendSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for the suspension.' })
    .trim()
    .min(1, 'Please give a reason for the suspension.')
    .max(500, 'Keep the reason under 500 characters.'),
});

export const adminUserRoleSchema = z.object({
  role: z.enum(roles, { error: 'Choose one of the roles.' }),
});

export const adminUserTierSchema = z.object({
  tier: z.enum(subscriptionTiers, { error: 'Choose Free or Premium.' }),
});

export const adminUserDeleteSchema = z.object({
  confirm_email: z
    .string({ error: 'Type the e-mail address of the account to confirm.' })
    .trim()
    .max(254, 'Type the e-mail address of the account to confirm.'),
});
