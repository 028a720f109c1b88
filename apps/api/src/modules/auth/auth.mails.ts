import type { Mail } from '../mail/mailer';

type CodePurpose = 'sign-in' | 'email-verification' | 'forget-password' | 'change-email';

export function verificationCodeMail(to: string, code: string, purpose: CodePurpose): Mail {
  const action =
    purpose === 'forget-password' ? 'reset your password' : 'verify your email address';
  return {
    to,
    subject: `Your Askwell verification code: ${code}`,
    text:
      `Your Askwell verification code is ${code}\n\n` +
      `Enter it to ${action}. It expires in 10 minutes.\n` +
      'If you did not ask for it, you can ignore this email.\n',
    html:
      `<p>Your Askwell verification code is</p>` +
      `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>` +
      `<p>Enter it to ${action}. It expires in 10 minutes.</p>` +
      `<p>If you did not ask for it, you can ignore this email.</p>`,
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Askwell password',
    text:
      `Someone asked to reset the password of your Askwell account.\n\n` +
      `Choose a new password here (the link works for 1 hour):\n${link}\n\n` +
      'If it was not you, ignore this email: your password stays as it is.\n',
    html:
      `<p>Someone asked to reset the password of your Askwell account.</p>` +
      `<p><a href="${link}">Choose a new password</a> (the link works for 1 hour).</p>` +
      `<p>If it was not you, ignore this email: your password stays as it is.</p>`,
  };
}

export function accountCreatedMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Your Askwell account is ready: set your password',
    text:
      'The Askwell team created an account for you with this email address.\n\n' +
      `Set your password here to sign in (the link works for 1 hour):\n${link}\n\n` +
      'If the link has expired, choose "Forgot password?" on the sign-in page to get a new one.\n' +
      'If you did not expect this account, you can ignore this email.\n',
    html:
      '<p>The Askwell team created an account for you with this email address.</p>' +
      `<p><a href="${link}">Set your password</a> to sign in (the link works for 1 hour).</p>` +
      '<p>If the link has expired, choose "Forgot password?" on the sign-in page to get a new one.</p>' +
      '<p>If you did not expect this account, you can ignore this email.</p>',
  };
}

export function codesLockedMail(to: string, minutes: number): Mail {
  return {
    to,
    subject: 'Verification codes for your Askwell account are paused',
    text:
      'Someone entered too many wrong verification codes for your Askwell account.\n\n' +
      `To protect it, we refuse every code for it for the next ${minutes} minutes. ` +
      'Your password and your sessions are not affected.\n' +
      'If this was not you, you do not need to do anything.\n',
    html:
      '<p>Someone entered too many wrong verification codes for your Askwell account.</p>' +
      `<p>To protect it, we refuse every code for it for the next ${minutes} minutes. ` +
      'Your password and your sessions are not affected.</p>' +
      '<p>If this was not you, you do not need to do anything.</p>',
  };
}
