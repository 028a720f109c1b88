import type { IndustrySlug } from '@/config/paths';
import { countOf } from '@/lib/format';
import {
  BarChart3,
  Bot,
  FileText,
  LifeBuoy,
  LayoutDashboard,
  MessagesSquare,
  Plug,
  Settings,
  ShieldCheck,
  UserRoundPlus,
  type LucideIcon,
} from 'lucide-react';

export type DashboardNavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
  keywords: string;
};

// Spec §2, customer shell: the sidebar's entries in their order.
export const dashboardNavItems: DashboardNavItem[] = [
  {
    label: 'Dashboard',
    to: '/dashboard',
    icon: LayoutDashboard,
    end: true,
    keywords: 'home overview getting started stats',
  },
  {
    label: 'Chatbots',
    to: '/dashboard/bots',
    icon: Bot,
    keywords: 'bots assistants widget',
  },
  {
    label: 'Documents',
    to: '/dashboard/documents',
    icon: FileText,
    keywords: 'upload files knowledge training pdf',
  },
  {
    label: 'Integration',
    to: '/dashboard/integration',
    icon: Plug,
    keywords: 'embed script website api snippet install',
  },
  {
    label: 'Conversations',
    to: '/dashboard/conversations',
    icon: MessagesSquare,
    keywords: 'inbox chats transcripts messages visitors feedback',
  },
  {
    label: 'Leads',
    to: '/dashboard/leads',
    icon: UserRoundPlus,
    keywords: 'contacts emails crm webhook export customers',
  },
  {
    label: 'Analytics',
    to: '/dashboard/analytics',
    icon: BarChart3,
    keywords: 'statistics usage reports conversations leads',
  },
  {
    label: 'Settings',
    to: '/dashboard/settings',
    icon: Settings,
    keywords: 'account profile api keys model preferences',
  },
  {
    label: 'Help',
    to: '/dashboard/help',
    icon: LifeBuoy,
    keywords: 'support ticket question problem contact team',
  },
];

export const adminPanelItem: DashboardNavItem = {
  label: 'Admin Panel',
  to: '/admin',
  icon: ShieldCheck,
  keywords: 'staff back office admin',
};

export const websiteLinks = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
] as const;

// Spec §2 lists the case studies in this order.
export const caseStudyLinks: { slug: IndustrySlug; label: string; blurb: string }[] = [
  { slug: 'healthcare', label: 'Healthcare', blurb: 'Patient questions answered in seconds' },
  { slug: 'logistics', label: 'Logistics', blurb: 'Shipment tracking without the queue' },
  { slug: 'banking', label: 'Banking', blurb: 'Secure answers around the clock' },
  { slug: 'ecommerce', label: 'E-commerce', blurb: 'Fewer abandoned carts, more sales' },
];

export type SearchEntry = {
  label: string;
  to: string;
  group: 'Dashboard' | 'Website';
  keywords: string;
};

export function searchEntries(isAdmin: boolean): SearchEntry[] {
  const dashboard: SearchEntry[] = [
    ...dashboardNavItems.map(({ label, to, keywords }) => ({
      label,
      to,
      keywords,
      group: 'Dashboard' as const,
    })),
    {
      label: 'Create New Chatbot',
      to: '/dashboard/bots/new',
      keywords: 'new bot add build',
      group: 'Dashboard',
    },
    {
      label: 'Profile Settings',
      to: '/dashboard/settings',
      keywords: 'name account me',
      group: 'Dashboard',
    },
  ];
  if (isAdmin) dashboard.push({ ...adminPanelItem, group: 'Dashboard' });
  const website: SearchEntry[] = [
    ...websiteLinks.map(({ label, to }) => ({
      label,
      to,
      keywords: 'website',
      group: 'Website' as const,
    })),
    { label: 'Case Studies', to: '/case-studies', keywords: 'customers stories', group: 'Website' },
    ...caseStudyLinks.map(({ slug, label, blurb }) => ({
      label: `${label} case study`,
      to: `/case-studies/${slug}`,
      keywords: blurb,
      group: 'Website' as const,
    })),
    { label: 'Contact sales', to: '/contact', keywords: 'support help sales', group: 'Website' },
  ];
  return [...dashboard, ...website];
}

export function trialStatus(trialEndsAt: string | null): string | null {
  if (!trialEndsAt) return null;
  const remaining = Date.parse(trialEndsAt) - Date.now();
  if (Number.isNaN(remaining)) return null;
  if (remaining <= 0) return 'Trial ended';
  const days = Math.ceil(remaining / 86_400_000);
  return `${countOf(days, 'day')} left`;
}
