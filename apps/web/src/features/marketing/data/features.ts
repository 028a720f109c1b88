import {
  Bot,
  ChartColumn,
  Code,
  FileText,
  Languages,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';

export type ProductFeature = { title: string; description: string; icon: LucideIcon };

export const productFeatures: ProductFeature[] = [
  {
    title: 'AI chatbot',
    description:
      'Answers visitors instantly in a natural, on-brand voice, grounded in your own content and citing its sources.',
    icon: Bot,
  },
  {
    title: 'Multilingual support',
    description:
      'Talks to every visitor in their own language, including languages such as Chinese, Thai and Japanese.',
    icon: Languages,
  },
  {
    title: 'Advanced analytics',
    description:
      'Follow conversations, leads, response times and conversion rates live, and see what customers ask most.',
    icon: ChartColumn,
  },
  {
    title: 'Lead generation',
    description:
      'Captures names, emails and intent in the middle of a conversation and hands qualified leads to your team.',
    icon: UserPlus,
  },
  {
    title: 'Trained on your knowledge',
    description:
      'Upload PDF, DOC, DOCX, TXT or Markdown files, or connect your website. Askwell indexes it for you.',
    icon: FileText,
  },
  {
    title: 'One-line embed and API',
    description:
      'Add the chat widget to any site with a single script tag, or build your own experience on the chat API.',
    icon: Code,
  },
];

export type Step = { title: string; description: string };

export const steps: Step[] = [
  {
    title: 'Train your AI',
    description:
      'Upload your documents or connect your website. Askwell reads, indexes and learns your content in minutes.',
  },
  {
    title: 'Customise style, tone and goals',
    description:
      'Match your brand colours, pick a friendly, professional, casual or formal tone, and set a goal such as lead generation or customer support.',
  },
  {
    title: 'Increase conversions',
    description:
      'Embed the chatbot with one line of code and turn more of your visitors into customers, around the clock.',
  },
];
