import type { GeneralSettings } from '@askwell/shared';
import type { Mail, Mailer } from '../mail/mailer';

const productName = 'Askwell';

function escapeHtml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// Settings → General reaches every outgoing mail here, in one place: the site name replaces the
// product's name in the subject and body and is the sender's display name; replies go to the admin
// e-mail, which the signature also gives as the contact address.
export function brandMail(mail: Mail, fromAddress: string, general: GeneralSettings): Mail {
  const name = general.site_name;
  const rename = (text: string) => text.replaceAll(productName, name);
  const signature = `\n--\n${name}\nQuestions? Write to ${general.admin_email}\n`;
  return {
    ...mail,
    subject: rename(mail.subject),
    text: `${rename(mail.text)}${signature}`,
    html:
      mail.html === undefined
        ? undefined
        : `${mail.html.replaceAll(productName, escapeHtml(name))}` +
          `<p style="color:#64748b;font-size:12px">${escapeHtml(name)}<br>Questions? Write to ` +
          `<a href="mailto:${escapeHtml(general.admin_email)}">${escapeHtml(general.admin_email)}</a></p>`,
    from: { name, address: fromAddress },
    replyTo: general.admin_email,
  };
}

// The address part of MAIL_FROM ("Askwell <no-reply@…>" or a bare address).
export function mailAddress(mailFrom: string) {
  return (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
}

export function brandedMailer(
  mailer: Mailer,
  fromAddress: string,
  general: () => Promise<GeneralSettings | null>,
): Mailer {
  return {
    transport: mailer.transport,
    send: async (mail) => {
      // A mail already branded (a mailer wrapped twice: the app's, handed to the services) is sent
      // as it is.
      const settings = mail.from ? null : await general();
      await mailer.send(settings ? brandMail(mail, fromAddress, settings) : mail);
    },
  };
}
