import { z } from 'zod';

// Free-mail domains are refused because the contact form is for sales leads: a work address is
// what lets sales reply to the right company.
const freeMailDomains = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'gmx.com',
  'proton.me',
  'protonmail.com',
]);

export const contactMessageLimits = { name: 120, email: 254, company: 160, message: 5000 } as const;

export const contactRequestSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(
      contactMessageLimits.name,
      `Name must be at most ${contactMessageLimits.name} characters.`,
    ),
  email: z
    .string({ error: 'Please enter your work email.' })
    .trim()
    .min(1, 'Please enter your work email.')
    .max(contactMessageLimits.email, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.'))
    .refine(
      (email) => !freeMailDomains.has(email.split('@')[1]?.toLowerCase() ?? ''),
      'Please use your work email address.',
    ),
  company: z
    .string({ error: 'Please enter your company.' })
    .trim()
    .min(1, 'Please enter your company.')
    .max(
      contactMessageLimits.company,
      `Company must be at most ${contactMessageLimits.company} characters.`,
    ),
  message: z
    .string({ error: 'Please tell us how we can help.' })
    .trim()
    .min(10, 'Please write at least 10 characters so we can help.')
    .max(
      contactMessageLimits.message,
      `Message must be at most ${contactMessageLimits.message} characters.`,
    ),
});

export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactConfirmation =
  'Thanks for reaching out! Our sales team will reply within one business day.';

export type ContactResponse = { id: string; message: string };
