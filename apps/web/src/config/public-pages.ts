import { formatPlanPrice, planDefinitions, trialDays } from '@askwell/shared';

import { caseStudies } from '@/features/case-studies/data/case-studies';

import { paths } from './paths';
import { pageTitle } from './site';

export type PublicPage = {
  path: string;
  // The same name the page gives useDocumentTitle, so the pre-rendered and live titles agree.
  title: string;
  description: string;
  // The route module(s) the page renders, preloaded with the page so hydration does not wait.
  modules: string[];
};

const route = (name: string) => `src/app/routes/public/${name}.tsx`;

// The public pages written to HTML at build time, each with what search engines and link previews
// read. Everything else is served the single-page app's shell.
export const publicPages: PublicPage[] = [
  {
    path: paths.home,
    title: pageTitle('AI chatbots that turn visitors into customers'),
    description:
      'Askwell builds AI chatbots trained on your documents and website that answer customers, capture leads and grow sales around the clock.',
    modules: [route('home')],
  },
  {
    path: paths.features,
    title: pageTitle('Features'),
    description:
      'An AI chatbot trained on your own knowledge, multilingual answers, lead capture, a website widget, a chat API and analytics, in one platform.',
    modules: [route('features')],
  },
  {
    path: paths.pricing,
    title: pageTitle('Pricing'),
    description: `Askwell plans: Free for your first chatbot and Premium at ${formatPlanPrice(planDefinitions.premium)} per month for growing teams. ${trialDays}-day free trial, no credit card required.`,
    modules: [route('pricing')],
  },
  {
    path: paths.caseStudies,
    title: pageTitle('Case studies'),
    description:
      'How businesses in healthcare, e-commerce, logistics and banking use Askwell chatbots to answer faster, convert more and cut costs.',
    modules: [route('case-studies')],
  },
  ...caseStudies.map((study) => ({
    path: paths.caseStudy(study.slug),
    title: pageTitle(`${study.industry} case study`),
    description: study.headline,
    modules: [route('case-study')],
  })),
  {
    path: paths.contact,
    title: pageTitle('Contact sales'),
    description:
      'Talk to the Askwell sales team about a demo built around your use case, pricing for your volume, and security.',
    modules: [route('contact')],
  },
  {
    path: paths.about,
    title: pageTitle('About'),
    description:
      'Askwell is a platform for building AI chatbots that answer customers from your own documents and website and turn conversations into leads.',
    modules: [route('about')],
  },
  {
    path: paths.docs,
    title: pageTitle('Documentation'),
    description:
      'Getting started with Askwell: create a chatbot, train it on documents, websites and Q&A, put it on your site with one script tag, and call it from the API.',
    modules: [route('docs')],
  },
  {
    path: paths.apiReference,
    title: pageTitle('API reference'),
    description:
      'The Askwell chat API: authentication, POST /v1/chat, streaming events, the OpenAI-compatible endpoint, errors and rate limits.',
    modules: [route('api-reference')],
  },
  {
    path: paths.privacy,
    title: pageTitle('Privacy policy'),
    description:
      'What Askwell stores about customers and chat visitors, where it is kept, how long, who else receives it and how a visitor’s data is deleted.',
    modules: [route('privacy')],
  },
  {
    path: paths.terms,
    title: pageTitle('Terms of service'),
    description:
      'The terms for using Askwell: accounts, plans and the trial, your content and visitors, acceptable use, API keys and AI answers.',
    modules: [route('terms')],
  },
  {
    path: paths.cookies,
    title: pageTitle('Cookie policy'),
    description:
      'The cookies Askwell sets to keep you signed in, and what its chat window keeps in the visitor’s browser. No advertising or analytics cookies.',
    modules: [route('cookies')],
  },
];
