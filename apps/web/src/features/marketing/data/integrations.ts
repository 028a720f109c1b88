export type Integration = { name: string; category: string; color: string; mark: string };

export const integrations: Integration[] = [
  { name: 'WordPress', category: 'Website', color: '#21759B', mark: 'W' },
  { name: 'Shopify', category: 'E-commerce', color: '#5E8E3E', mark: 'S' },
  { name: 'Slack', category: 'Team chat', color: '#4A154B', mark: 'S' },
  { name: 'HubSpot', category: 'CRM', color: '#C2410C', mark: 'H' },
  { name: 'Salesforce', category: 'CRM', color: '#0B5CAB', mark: 'S' },
  { name: 'Zapier', category: 'Automation', color: '#C2410C', mark: 'Z' },
  { name: 'WhatsApp', category: 'Messaging', color: '#15803D', mark: 'W' },
  { name: 'Zendesk', category: 'Help desk', color: '#03363D', mark: 'Z' },
];
