import { adminSections, canOpenSection, type AdminSectionKey, type Role } from '@askwell/shared';
import {
  Bell,
  Bot,
  ChartLine,
  Cog,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  ScrollText,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';

const sectionIcons: Record<AdminSectionKey, LucideIcon> = {
  dashboard: LayoutDashboard,
  users: Users,
  chatbots: Bot,
  jobs: Cog,
  analytics: ChartLine,
  tickets: LifeBuoy,
  logs: ScrollText,
  notifications: Bell,
  roles: KeyRound,
  settings: Settings,
};

export type AdminNavItem = {
  key: AdminSectionKey;
  label: string;
  path: string;
  icon: LucideIcon;
};

// Spec §2's sidebar table: only the sections this role may open.
export function adminNavItems(role: Role | null | undefined): AdminNavItem[] {
  return adminSections
    .filter((section) => canOpenSection(role, section.key))
    .map((section) => ({
      key: section.key,
      label: section.label,
      path: section.path,
      icon: sectionIcons[section.key],
    }));
}

export function initialOf(name: string, email: string) {
  return (name.trim() || email).charAt(0).toUpperCase();
}

export function displayName(profile: { first_name: string; last_name: string; email: string }) {
  return [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email;
}
