export const roles = ['user', 'super_admin', 'sales_manager', 'support_team'] as const;
export type Role = (typeof roles)[number];

export const staffRoles = ['super_admin', 'sales_manager', 'support_team'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role ?? '');
}

export const roleLabels: Record<Role, string> = {
  user: 'User',
  super_admin: 'Super Admin',
  sales_manager: 'Sales Manager',
  support_team: 'Support Team',
};

// Spec §2 and §6: each admin area and the staff roles that may open it. The server guards the API
// behind each area with the same list; the UI only mirrors it.
export const adminSections = [
  { key: 'dashboard', label: 'Dashboard', path: '/admin', roles: staffRoles },
  { key: 'users', label: 'Users', path: '/admin/users', roles: ['super_admin', 'sales_manager'] },
  { key: 'chatbots', label: 'Chatbots', path: '/admin/chatbots', roles: staffRoles },
  // Not in the spec's sidebar table: the dashboard's Training Jobs section as a full list, open to
  // whoever opens the dashboard.
  { key: 'jobs', label: 'Training Jobs', path: '/admin/jobs', roles: staffRoles },
  {
    key: 'analytics',
    label: 'Analytics',
    path: '/admin/analytics',
    roles: ['super_admin', 'sales_manager'],
  },
  {
    key: 'tickets',
    label: 'Support Tickets',
    path: '/admin/tickets',
    roles: ['super_admin', 'support_team'],
  },
  { key: 'logs', label: 'Audit Logs', path: '/admin/logs', roles: ['super_admin'] },
  {
    key: 'notifications',
    label: 'Notifications',
    path: '/admin/notifications',
    roles: ['super_admin'],
  },
  { key: 'roles', label: 'Roles & Permissions', path: '/admin/roles', roles: ['super_admin'] },
  { key: 'settings', label: 'Settings', path: '/admin/settings', roles: ['super_admin'] },
] as const satisfies readonly {
  key: string;
  label: string;
  path: string;
  roles: readonly StaffRole[];
}[];

export type AdminSectionKey = (typeof adminSections)[number]['key'];

export function rolesForSection(key: AdminSectionKey): readonly StaffRole[] {
  return adminSections.find((section) => section.key === key)!.roles;
}

export function canOpenSection(role: string | null | undefined, key: AdminSectionKey) {
  return (rolesForSection(key) as readonly string[]).includes(role ?? '');
}

// Spec §6: a permission check is true when the permission is held; a super_admin holding
// 'admin.all' holds every permission.
export function hasPermissions(
  role: string | null | undefined,
  held: readonly string[],
  required: readonly string[],
) {
  if (required.length === 0) return true;
  if (role === 'super_admin' && held.includes('admin.all')) return true;
  return required.every((permission) => held.includes(permission));
}

export type AdminRole = {
  id: string;
  name: string;
  created_at: string;
  permissions: Record<string, boolean>;
};

export const userFilters = ['all', 'admin', 'free', 'premium'] as const;
export type UserFilter = (typeof userFilters)[number];

// Spec §2's dashboard tiles: customer accounts, bots that answer (demo bots left out), their
// conversations, and customers who joined since the first of this month.
export type AdminOverview = {
  total_users: number;
  active_bots: number;
  total_chats: number;
  new_users_this_month: number;
};
