import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

// A visitor's steps in the chat panel of a host page, shared by the specs that watch what they
// cause elsewhere (dashboard, analytics).

// Sends a message and hands back the bot's newest reply bubble.
export async function askInWidget(panel: Locator, question: string) {
  const message = panel.getByRole('textbox', { name: 'Your message' });
  await message.fill(question);
  await message.press('Enter');
  return panel.getByRole('log').locator('.msg.bot').last();
}

// Fills the lead form the panel offers, agrees to be contacted and waits for the thanks.
export async function leaveDetailsInWidget(
  panel: Locator,
  visitor: { name: string; email: string },
) {
  const form = panel.getByRole('form', { name: 'Leave your details' });
  await form.getByLabel('Name').fill(visitor.name);
  await form.getByLabel('Email').fill(visitor.email);
  await form.getByLabel('I agree to be contacted about my request.').check();
  await form.getByRole('button', { name: 'Send details' }).click();
  await expect(panel.getByText('Thank you! We will be in touch soon.')).toBeVisible();
}

// One of the four stat cards of the dashboard home.
export function dashboardCard(page: Page, title: string) {
  return page.getByRole('group', { name: title, exact: true });
}
