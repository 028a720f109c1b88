export type IndustrySlug = 'healthcare' | 'ecommerce' | 'logistics' | 'banking';

export const paths = {
  home: '/',
  features: '/features',
  pricing: '/pricing',
  contact: '/contact',
  caseStudies: '/case-studies',
  caseStudy: (slug: IndustrySlug) => `/case-studies/${slug}`,
  about: '/about',
  docs: '/docs',
  guides: '/docs#guides',
  apiReference: '/docs/api',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
  admin: '/admin',
  adminLogin: '/admin/login',
  adminUnauthorized: '/admin/unauthorized',
} as const;

// Ids of the home page sections that the header and footer link to.
export type HomeSection =
  | 'platform'
  | 'features'
  | 'demo'
  | 'solutions'
  | 'integrations'
  | 'security'
  | 'pricing'
  | 'customers'
  | 'contact';
