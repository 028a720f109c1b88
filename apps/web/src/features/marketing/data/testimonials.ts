export type Testimonial = { quote: string; name: string; role: string; company: string };

export const testimonials: Testimonial[] = [
  {
    quote:
      'Askwell answers most patient questions before they ever reach our front desk. Our team finally has time for the conversations that need a person.',
    name: 'Maya Patel',
    role: 'Director of Patient Experience',
    company: 'Evergreen Health Partners',
  },
  {
    quote:
      'Setup took an afternoon. The bot learned our catalogue and shipping policies, and now it captures leads while we sleep.',
    name: 'Lucas Moreau',
    role: 'Head of E-commerce',
    company: 'Maison Verde',
  },
  {
    quote:
      'Customers track shipments and get answers in their own language at any hour. Our support queue has never been shorter.',
    name: 'Aisha Bello',
    role: 'Customer Experience Lead',
    company: 'Swiftline Logistics',
  },
];
