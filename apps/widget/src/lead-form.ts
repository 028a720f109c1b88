import type { WidgetTexts } from '@askwell/shared';
import { h } from './dom';
import { ApiFailure } from './transport';

export type LeadValues = { name: string; email: string; phone: string };

type LeadField = keyof LeadValues | 'consent';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[\d\s().-]+$/;

// The fields the visitor must correct before the form is sent; the server checks the same rules.
export function invalidLeadFields(values: LeadValues, consented: boolean): LeadField[] {
  const digits = values.phone.replace(/\D/g, '').length;
  const invalid: LeadField[] = [];
  if (!values.name) invalid.push('name');
  if (!emailPattern.test(values.email)) invalid.push('email');
  if (values.phone && !(phonePattern.test(values.phone) && digits >= 6 && digits <= 15)) {
    invalid.push('phone');
  }
  if (!consented) invalid.push('consent');
  return invalid;
}

type LeadFormOptions = {
  texts: WidgetTexts;
  send: (values: LeadValues) => Promise<unknown>;
  onSkip: () => void;
  onSent: (values: LeadValues) => void;
};

// The contact form shown in the conversation: validated here in the visitor's language, sent,
// and replaced by a thank-you once the server has the lead.
export function createLeadForm({ texts: t, send, onSkip, onSent }: LeadFormOptions) {
  const field = (name: string, label: string, type: string, autocomplete: string) => {
    const id = `aw-lead-${name}`;
    const input = h('input', { id, name, type, autocomplete, 'aria-describedby': `${id}-err` });
    const error = h('span', { id: `${id}-err`, class: 'err' });
    return { input, error, node: h('label', { class: 'field', for: id }, label, input, error) };
  };
  const name = field('name', t.leadName, 'text', 'name');
  const email = field('email', t.leadEmail, 'email', 'email');
  const phone = field('phone', t.leadPhone, 'tel', 'tel');
  const consent = h('input', {
    id: 'aw-lead-consent',
    type: 'checkbox',
    'aria-describedby': 'aw-lead-consent-err',
  });
  const consentError = h('span', { id: 'aw-lead-consent-err', class: 'err' });
  const submit = h('button', { type: 'submit', class: 'btn' }, t.leadSubmit);
  const skip = h('button', { type: 'button', class: 'btn ghost' }, t.leadSkip);
  const form = h(
    'form',
    { class: 'lead', 'aria-labelledby': 'aw-lead-title', novalidate: true },
    h('h3', { id: 'aw-lead-title' }, t.leadTitle),
    h('p', {}, t.leadIntro),
    name.node,
    email.node,
    phone.node,
    h(
      'div',
      { class: 'field' },
      h(
        'label',
        { class: 'consent', for: 'aw-lead-consent' },
        consent,
        h('span', {}, t.leadConsent),
      ),
      consentError,
    ),
    h('div', { class: 'row' }, skip, submit),
  );

  const inputs = {
    name: [name.input, name.error, t.leadNameRequired],
    email: [email.input, email.error, t.leadEmailInvalid],
    phone: [phone.input, phone.error, t.leadPhoneInvalid],
    consent: [consent, consentError, t.leadConsentRequired],
  } as const;

  const setError = (input: HTMLInputElement, error: HTMLElement, message: string) => {
    error.textContent = message;
    input.setAttribute('aria-invalid', String(Boolean(message)));
  };
  for (const [input, error] of Object.values(inputs)) {
    input.addEventListener(input === consent ? 'change' : 'input', () =>
      setError(input, error, ''),
    );
  }

  skip.addEventListener('click', () => {
    form.remove();
    onSkip();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = {
      name: name.input.value.trim(),
      email: email.input.value.trim(),
      phone: phone.input.value.trim(),
    };
    const invalid = invalidLeadFields(values, consent.checked);
    for (const [key, [input, error, message]] of Object.entries(inputs)) {
      setError(input, error, invalid.includes(key as LeadField) ? message : '');
    }
    if (invalid.length > 0) {
      form.querySelector<HTMLInputElement>('[aria-invalid=true]')?.focus();
      return;
    }
    submit.disabled = true;
    send(values)
      .then(() => {
        form.replaceWith(h('p', { class: 'notice', role: 'status' }, t.leadThanks));
        onSent(values);
      })
      .catch((error: unknown) => {
        submit.disabled = false;
        // The server checks the same rules; its verdict is shown in the visitor's language.
        const fields = error instanceof ApiFailure ? error.fields : {};
        if (fields.name) setError(name.input, name.error, t.leadNameRequired);
        if (fields.phone) setError(phone.input, phone.error, t.leadPhoneInvalid);
        if (fields.consent) setError(consent, consentError, t.leadConsentRequired);
        if (fields.email || Object.keys(fields).length === 0) {
          setError(email.input, email.error, fields.email ? t.leadEmailInvalid : t.error);
        }
      });
  });

  return { form, focus: () => name.input.focus() };
}
