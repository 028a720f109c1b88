import { z } from 'zod';

// The back office's System Configuration (spec §2 and §3 "Payment settings … General: siteName,
// adminEmail. Security: two-factor required, audit logging"). Payment is billing's
// (billing.ts); these two sections are read by mail, page titles, sign-in and the audit log.

export const siteNameMaxLength = 60;

export const generalSettingsSchema = z.object({
  site_name: z
    .string({ error: 'Please enter a site name.' })
    .trim()
    .min(1, 'Please enter a site name.')
    .max(siteNameMaxLength, `Keep the site name under ${siteNameMaxLength} characters.`)
    // It becomes a mail sender's display name and a page title: no line breaks, no angle brackets.
    .regex(/^[^\r\n<>"]*$/, 'The site name cannot contain line breaks, quotes or angle brackets.'),
  admin_email: z
    .string({ error: 'Please enter the admin e-mail address.' })
    .trim()
    .toLowerCase()
    .max(254, 'This e-mail address is too long.')
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
});
export type GeneralSettingsInput = z.input<typeof generalSettingsSchema>;
export type GeneralSettings = z.output<typeof generalSettingsSchema>;

export const securitySettingsSchema = z.object({
  two_factor_required: z.boolean({
    error: 'Choose whether two-factor authentication is required.',
  }),
  audit_logging: z.boolean({ error: 'Choose whether audit logging is on.' }),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

// What the product did before anyone saved a setting: every staff action logged, no second factor.
export const defaultSecuritySettings: SecuritySettings = {
  two_factor_required: false,
  audit_logging: true,
};

// Each section as the API answers it: the values and when (and by whom) they were last saved.
export type SettingsSection<T> = T & { updated_at: string | null; updated_by: string | null };

// The public part, for page titles on every screen (GET /api/site).
export type SiteInfo = { site_name: string };

// Whether the signed-in staff member has TOTP set up, and whether the platform requires it.
export type TwoFactorStatus = { enabled: boolean; required: boolean };

export const twoFactorMessages = {
  setupRequired: 'Two-factor authentication is required. Set it up to continue.',
  requiredCannotDisable:
    'Two-factor authentication is required for every staff account, so it cannot be turned off.',
  staffOnly: 'Two-factor authentication is available to staff accounts only.',
} as const;

// --- Roles & Permissions (spec §3 admin_roles) ------------------------------------------------

// The permissions a role card can grant. 'admin.all' is super_admin's alone and never editable.
export const editablePermissions = [
  'view_dashboard',
  'manage_users',
  'view_analytics',
  'manage_chatbots',
  'manage_tickets',
  'view_audit_logs',
  'manage_notifications',
  'manage_roles',
  'manage_settings',
] as const;
export type EditablePermission = (typeof editablePermissions)[number];

// Only these roles' permissions can be edited; super_admin keeps 'admin.all' and everything.
export const editableRoles = ['sales_manager', 'support_team'] as const;

export const rolePermissionsInputSchema = z.object({
  permissions: z
    .record(z.string(), z.boolean({ error: 'Each permission is either granted or not.' }))
    .superRefine((value, context) => {
      for (const name of Object.keys(value)) {
        if (!(editablePermissions as readonly string[]).includes(name)) {
          context.addIssue({
            code: 'custom',
            message:
              name === 'admin.all'
                ? "'admin.all' belongs to super_admin and cannot be granted."
                : `Unknown permission '${name}'.`,
          });
        }
      }
    }),
});
export type RolePermissionsInput = z.infer<typeof rolePermissionsInputSchema>;
