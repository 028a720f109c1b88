import {
  Landmark,
  ShoppingCart,
  Stethoscope,
  Truck,
  type LucideIcon,
} from 'lucide-react';

import type { IndustrySlug } from '@/config/paths';

export type CaseStudyMetric = {
  label: string;
  value: string;
  description: string;
};

export type CaseStudy = {
  slug: IndustrySlug;
  industry: string;
  icon: LucideIcon;
  customer: string;
  customerProfile: { label: string; value: string }[];
  headline: string;
  summary: string;
  // The first two are the headline figures on the case-study index.
  metrics: [CaseStudyMetric, CaseStudyMetric, CaseStudyMetric, CaseStudyMetric];
  challenge: { intro: string; points: string[] };
  solution: { intro: string; points: { title: string; text: string }[] };
  results: {
    intro: string;
    quote: { text: string; author: string; role: string };
  };
  benefits: { title: string; text: string }[];
};

export const caseStudies: CaseStudy[] = [
  {
    slug: 'healthcare',
    industry: 'Healthcare',
    icon: Stethoscope,
    customer: 'Evergreen Health Partners',
    customerProfile: [
      { label: 'Organisation', value: 'Network of 14 outpatient clinics' },
      { label: 'Use case', value: 'Patient enquiries and appointment requests' },
      { label: 'Channels', value: 'Website and patient portal' },
    ],
    headline: 'How Evergreen Health Partners cut patient response times by 85%',
    summary:
      'A regional clinic network put an Askwell assistant on its website and patient portal to answer questions about services, insurance and opening hours, and to route appointment requests to the right clinic.',
    metrics: [
      { label: 'Response time', value: '-85%', description: 'Faster first replies to patient enquiries' },
      { label: 'Patient satisfaction', value: '+92%', description: 'Rise in post-chat satisfaction scores' },
      { label: 'Engagement', value: '+150%', description: 'More patients engaging online' },
      { label: 'Savings', value: '$500K', description: 'Saved in yearly front-desk costs' },
    ],
    challenge: {
      intro:
        'Front-desk teams spent most of their day on the phone answering the same questions, while patients waited on hold or gave up and sent emails that took days to answer.',
      points: [
        'Peak call volumes left patients on hold for up to 20 minutes',
        'Questions about insurance, services and preparation repeated all day',
        'Appointment requests arrived by email and were routed by hand',
      ],
    },
    solution: {
      intro:
        'Evergreen trained Askwell on its service guides, insurance FAQs and clinic pages, and set the assistant a customer-support goal with a warm, professional tone.',
      points: [
        {
          title: 'Trained on approved content',
          text: 'Answers come only from documents the clinical team reviewed, with sources shown to patients.',
        },
        {
          title: 'Appointment requests captured',
          text: 'The assistant collects the details each clinic needs and passes them straight to the right team.',
        },
        {
          title: 'Available around the clock',
          text: 'Patients get answers in the evening and at weekends, when the front desk is closed.',
        },
      ],
    },
    results: {
      intro:
        'Within three months, most routine enquiries were answered instantly online and the front desk could focus on patients in the waiting room.',
      quote: {
        text: 'Our patients get clear answers in seconds instead of waiting on hold, and our front-desk staff finally have time for the conversations that need a person.',
        author: 'Dr. Maya Patel',
        role: 'Director of Patient Experience, Evergreen Health Partners',
      },
    },
    benefits: [
      { title: 'Shorter waits', text: 'Routine questions are answered instantly, day and night.' },
      { title: 'Happier patients', text: 'Clear, consistent answers drawn from approved content.' },
      { title: 'Less admin', text: 'Appointment requests arrive complete and pre-sorted.' },
      { title: 'Lower costs', text: 'Fewer calls let the team handle growth without new hires.' },
    ],
  },
  {
    slug: 'ecommerce',
    industry: 'E-commerce',
    icon: ShoppingCart,
    customer: 'Maison Verde',
    customerProfile: [
      { label: 'Organisation', value: 'Online home and garden retailer' },
      { label: 'Use case', value: 'Product advice, orders and returns' },
      { label: 'Channels', value: 'Web store and checkout' },
    ],
    headline: 'How Maison Verde grew online sales by 45% with an AI shopping assistant',
    summary:
      'An online retailer with thousands of products used Askwell to recommend the right items, answer delivery and returns questions at checkout, and recover shoppers who were about to leave.',
    metrics: [
      { label: 'Sales', value: '+45%', description: 'Growth in online revenue' },
      { label: 'Cart abandonment', value: '-35%', description: 'Fewer shoppers leaving at checkout' },
      { label: 'Satisfaction', value: '95%', description: 'Of shoppers rate their chat as helpful' },
      { label: 'Support time', value: '-60%', description: 'Less time spent on repetitive tickets' },
    ],
    challenge: {
      intro:
        'Shoppers had detailed questions about sizes, materials and delivery, and when they could not find answers quickly they left, often at the very last step.',
      points: [
        'A large catalogue made it hard for shoppers to find the right product',
        'Delivery and returns questions peaked in the evening, after support closed',
        'The support team spent hours on order-status tickets',
      ],
    },
    solution: {
      intro:
        'Maison Verde connected its website and product guides to Askwell and chose a product-recommendation goal with a friendly tone that matches the brand.',
      points: [
        {
          title: 'Product recommendations',
          text: 'The assistant asks a few questions and suggests items that fit the shopper’s space and budget.',
        },
        {
          title: 'Help at checkout',
          text: 'Delivery times, costs and the returns policy are explained right where shoppers hesitate.',
        },
        {
          title: 'On-brand widget',
          text: 'Colours, fonts and the welcome message match the store, so the chat feels native.',
        },
      ],
    },
    results: {
      intro:
        'Shoppers who chatted converted far more often, abandoned fewer carts and needed far fewer follow-up emails.',
      quote: {
        text: 'Setup took an afternoon. The assistant learned our catalogue and policies, and now it sells for us while we sleep.',
        author: 'Lucas Moreau',
        role: 'Head of E-commerce, Maison Verde',
      },
    },
    benefits: [
      { title: 'More sales', text: 'Personal recommendations turn browsers into buyers.' },
      { title: 'Fewer abandoned carts', text: 'Doubts at checkout are answered on the spot.' },
      { title: 'Happier shoppers', text: 'Instant, accurate answers at any hour.' },
      { title: 'A lighter inbox', text: 'Routine order questions no longer reach the team.' },
    ],
  },
  {
    slug: 'logistics',
    industry: 'Logistics',
    icon: Truck,
    customer: 'Swiftline Logistics',
    customerProfile: [
      { label: 'Organisation', value: 'Freight and parcel carrier in 9 countries' },
      { label: 'Use case', value: 'Shipment queries and booking support' },
      { label: 'Channels', value: 'Customer portal and public API' },
    ],
    headline: 'How Swiftline Logistics resolves customer queries 70% faster',
    summary:
      'A multi-country carrier used Askwell to answer shipment, customs and booking questions in each customer’s language, and connected it to its portal through the public chat API.',
    metrics: [
      { label: 'Efficiency', value: '+40%', description: 'More queries handled per agent' },
      { label: 'Accuracy', value: '99.8%', description: 'Of answers matched the source documents' },
      { label: 'Cost', value: '-25%', description: 'Lower cost per customer query' },
      { label: 'Query resolution', value: '-70%', description: 'Less time to resolve a customer query' },
    ],
    challenge: {
      intro:
        'Customers in nine countries asked the same questions about delivery windows, customs paperwork and booking changes, in many languages and across time zones.',
      points: [
        'Support teams in each country answered the same questions separately',
        'Customs and documentation rules changed often and answers drifted',
        'Night-time queries waited until the next business day',
      ],
    },
    solution: {
      intro:
        'Swiftline trained Askwell on its service terms, customs guides and booking procedures, and embedded it in the customer portal through the chat API.',
      points: [
        {
          title: 'One source of truth',
          text: 'Every answer comes from the latest uploaded guides, so changes reach customers the same day.',
        },
        {
          title: 'Multilingual by default',
          text: 'Customers ask in their own language and get answers in that language.',
        },
        {
          title: 'Built into the portal',
          text: 'The public chat API let the team add the assistant to their own interface.',
        },
      ],
    },
    results: {
      intro:
        'Agents now spend their time on exceptions, while routine questions are answered accurately in seconds, in every market.',
      quote: {
        text: 'Customers get answers in their own language at any hour, and our agents only see the cases that truly need them.',
        author: 'Aisha Bello',
        role: 'Customer Experience Lead, Swiftline Logistics',
      },
    },
    benefits: [
      { title: 'Faster resolution', text: 'Routine shipment questions are closed in seconds.' },
      { title: 'Consistent answers', text: 'Every market answers from the same approved guides.' },
      { title: 'Lower costs', text: 'Fewer tickets per shipment, across every country.' },
      { title: 'Round-the-clock service', text: 'Customers in every time zone are covered.' },
    ],
  },
  {
    slug: 'banking',
    industry: 'Banking',
    icon: Landmark,
    customer: 'Harbor Trust Bank',
    customerProfile: [
      { label: 'Organisation', value: 'Retail bank with 60 branches' },
      { label: 'Use case', value: 'Account help and digital banking adoption' },
      { label: 'Channels', value: 'Public website and online banking' },
    ],
    headline: 'How Harbor Trust Bank raised customer satisfaction by 88%',
    summary:
      'A retail bank used Askwell to guide customers through digital banking, answer product questions and point suspicious-activity reports to the right team, with strict control over every answer.',
    metrics: [
      { label: 'Satisfaction', value: '+88%', description: 'Rise in customer satisfaction scores' },
      { label: 'Response time', value: '-75%', description: 'Faster answers to customer questions' },
      { label: 'Digital transactions', value: '+120%', description: 'Growth in self-service transactions' },
      { label: 'Fraud prevention', value: '99.9%', description: 'Of suspicious requests flagged and escalated' },
    ],
    challenge: {
      intro:
        'Branch and phone teams were overwhelmed with questions that online banking could already handle, and customers did not know where to start.',
      points: [
        'Long phone queues for simple account and card questions',
        'Low adoption of online and mobile banking features',
        'Suspicious-activity reports arriving through the wrong channels',
      ],
    },
    solution: {
      intro:
        'Harbor Trust trained Askwell on its product sheets and digital banking guides, chose a formal tone, and limited answers to approved content only.',
      points: [
        {
          title: 'Guided self-service',
          text: 'The assistant walks customers through transfers, card controls and statements step by step.',
        },
        {
          title: 'Careful with sensitive topics',
          text: 'Fraud and security questions are routed to the bank’s dedicated team straight away.',
        },
        {
          title: 'Audited and access-controlled',
          text: 'Staff roles and audit logs keep every change to the assistant accountable.',
        },
      ],
    },
    results: {
      intro:
        'Customers now solve everyday tasks online with confidence, and specialists spend their time where it matters most.',
      quote: {
        text: 'Askwell gave our customers a patient guide to digital banking, and gave our teams back hours every day without compromising on control.',
        author: 'Daniel Okafor',
        role: 'Head of Digital Channels, Harbor Trust Bank',
      },
    },
    benefits: [
      { title: 'Happier customers', text: 'Quick, clear answers to everyday banking questions.' },
      { title: 'More digital adoption', text: 'Customers learn to self-serve with confidence.' },
      { title: 'Safer routing', text: 'Security concerns reach the right team immediately.' },
      { title: 'Full control', text: 'Approved content only, with roles and audit logs.' },
    ],
  },
];

export function findCaseStudy(slug: string | undefined): CaseStudy | undefined {
  return caseStudies.find((study) => study.slug === slug);
}
