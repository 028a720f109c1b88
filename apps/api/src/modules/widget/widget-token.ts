import { randomBytes } from 'node:crypto';
import { SignedTokens } from '../../lib/signed-tokens';

export type WidgetSessionClaims = { botId: string; origin: string; visitorId: string; exp: number };

export const widgetSessionTtlSeconds = 60 * 60;
export const visitorIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

export function newVisitorId() {
  return randomBytes(16).toString('base64url');
}

// Bound to bot, origin and visitor, so a token lifted from one site is useless on another.
export class WidgetTokens extends SignedTokens<WidgetSessionClaims> {
  constructor(serverSecret: string) {
    super(serverSecret, 'askwell-widget-session-v1', widgetSessionTtlSeconds);
  }
}
