import { webhookSignatureHeader, type WebhookSettings } from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/job-queue';
import type { BotRow } from '../bots/bots.repository';
import type { BotsService } from '../bots/bots.service';
import {
  checkUrlTarget,
  createOutboundFetch,
  outboundErrorOf,
  type OutboundFetch,
  type Resolver,
} from '../../lib/outbound-http';
import { toWebhookDelivery } from './webhook-delivery';
import { webhookQueue, type DeliveryJob, type WebhookOutbox } from './webhook-outbox';
import { generateWebhookSecret, signWebhook } from './webhook-signature';
import {
  recentFailedDeliveries,
  findDelivery,
  listDeliveries,
  updateDelivery,
  type DeliveryRow,
} from './webhooks.repository';

// The part of lib/secrets' SecretBox this service needs.
export type SecretCipher = {
  encrypt: (plaintext: string) => string;
  decrypt: (stored: string) => string;
};

export type WebhookServiceOptions = {
  db: Database;
  bots: BotsService;
  queue: JobQueue;
  outbox: WebhookOutbox;
  secrets: SecretCipher;
  logger: Logger;
  allowPrivateNetwork: boolean;
  // First retry after this many seconds, then doubling (with jitter) for each further attempt.
  retryDelaySeconds: number;
  retryLimit?: number;
  timeoutMs?: number;
  // Tests resolve names without DNS.
  resolve?: Resolver;
};

const userAgent = 'Askwell-Webhooks/1.0';
const maxErrorLength = 500;
const webhookRemovedError = 'The webhook was removed before this delivery succeeded.';

// A failed attempt that pg-boss should retry; its message is what the delivery log shows.
class DeliveryAttemptFailed extends Error {}

export class WebhookService {
  private readonly retryLimit: number;
  private readonly timeoutMs: number;
  private readonly outbound: OutboundFetch;

  constructor(private readonly options: WebhookServiceOptions) {
    this.retryLimit = options.retryLimit ?? 6;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    // The receiver's answer is only read for its status; its body is never downloaded.
    this.outbound = createOutboundFetch({
      allowPrivateNetwork: options.allowPrivateNetwork,
      ...(options.resolve ? { resolve: options.resolve } : {}),
      timeoutMs: this.timeoutMs,
      maxResponseBytes: 64 * 1024,
      redirects: 'refuse',
    });
  }

  async start() {
    await this.options.queue.define<DeliveryJob>(
      {
        name: webhookQueue,
        concurrency: 2,
        retryLimit: this.retryLimit,
        retryDelaySeconds: this.options.retryDelaySeconds,
        expireInSeconds: Math.ceil(this.timeoutMs / 1000) + 30,
      },
      (job, context) => this.attempt(job.deliveryId, context.finalAttempt),
    );
  }

  settingsOf(bot: BotRow): WebhookSettings {
    return {
      botId: bot.id,
      botName: bot.name,
      url: bot.webhookUrl,
      hasSecret: Boolean(bot.webhookSecretEncrypted),
    };
  }

  revealSecret(bot: BotRow) {
    return bot.webhookSecretEncrypted
      ? this.options.secrets.decrypt(bot.webhookSecretEncrypted)
      : null;
  }

  // Setting a URL on a bot without a secret creates one, so every delivery is signed.
  async setUrl(bot: BotRow, url: string | null) {
    if (url) await this.assertDeliverable(url);
    const patch: { webhookUrl: string | null; webhookSecretEncrypted?: string } = {
      webhookUrl: url,
    };
    if (url && !bot.webhookSecretEncrypted) {
      patch.webhookSecretEncrypted = this.options.secrets.encrypt(generateWebhookSecret());
    }
    return this.options.bots.setWebhook(bot.userId, bot.id, patch);
  }

  async rotateSecret(bot: BotRow) {
    const secret = generateWebhookSecret();
    await this.options.bots.setWebhook(bot.userId, bot.id, {
      webhookSecretEncrypted: this.options.secrets.encrypt(secret),
    });
    return secret;
  }

  sendTest(bot: BotRow) {
    return this.options.outbox.sendTest(bot);
  }

  recentFailures(userId: string, limit: number) {
    return recentFailedDeliveries(this.options.db, userId, limit);
  }

  async deliveries(botId: string, limit = 50) {
    return (await listDeliveries(this.options.db, botId, limit)).map(toWebhookDelivery);
  }

  private async assertDeliverable(url: string) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new AppError(
        'validation_error',
        'Enter a webhook URL starting with http:// or https://.',
        {
          url: 'Enter a webhook URL starting with http:// or https://.',
        },
      );
    }
    // Checked again on every delivery, where it counts: a name may resolve differently later.
    try {
      await checkUrlTarget(parsed, {
        allowPrivateNetwork: this.options.allowPrivateNetwork,
        ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
      });
    } catch (error) {
      const refused = outboundErrorOf(error);
      if (!refused) throw error;
      const message =
        refused.code === 'blocked_address'
          ? 'This webhook URL points to a private network address, which is not allowed.'
          : 'This webhook URL cannot be resolved. Check the host name.';
      throw new AppError('validation_error', message, { url: message });
    }
  }

  // One attempt. Throwing hands the job back to pg-boss, which retries it with back-off.
  private async attempt(deliveryId: string, finalAttempt: boolean) {
    const found = await findDelivery(this.options.db, deliveryId);
    if (!found) return;
    const { delivery, bot } = found;
    if (delivery.status === 'delivered' || delivery.status === 'failed') return;
    // Removing the webhook is the owner's way to stop retries to an endpoint they gave up on.
    if (!bot.webhookUrl) {
      await updateDelivery(this.options.db, delivery.id, {
        status: 'failed',
        lastError: webhookRemovedError,
      });
      return;
    }
    const attempts = delivery.attempts + 1;

    const outcome = await this.post(delivery, bot.webhookSecretEncrypted);
    if (outcome.ok) {
      await updateDelivery(this.options.db, delivery.id, {
        status: 'delivered',
        attempts,
        lastStatusCode: outcome.statusCode,
        lastError: null,
        deliveredAt: new Date(),
      });
      return;
    }
    await updateDelivery(this.options.db, delivery.id, {
      status: finalAttempt || outcome.permanent ? 'failed' : 'retrying',
      attempts,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error.slice(0, maxErrorLength),
    });
    if (finalAttempt || outcome.permanent) {
      this.options.logger.warn(
        { deliveryId: delivery.id, botId: bot.id, attempts, error: outcome.error },
        'webhook delivery given up',
      );
      return;
    }
    throw new DeliveryAttemptFailed(outcome.error);
  }

  private async post(
    delivery: DeliveryRow,
    secretEncrypted: string | null,
  ): Promise<
    | { ok: true; statusCode: number }
    | { ok: false; statusCode: number | null; error: string; permanent: boolean }
  > {
    if (!secretEncrypted) {
      return {
        ok: false,
        statusCode: null,
        error: 'The bot has no signing secret.',
        permanent: true,
      };
    }
    let url: URL;
    try {
      url = new URL(delivery.url);
    } catch {
      return { ok: false, statusCode: null, error: 'The webhook URL is invalid.', permanent: true };
    }
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      // The outbound client refuses non-public addresses and redirects (which could point
      // anywhere, private networks included).
      const response = await this.outbound(url, {
        method: 'POST',
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': userAgent,
          [webhookSignatureHeader]: signWebhook(
            this.options.secrets.decrypt(secretEncrypted),
            body,
            timestamp,
          ),
          'Askwell-Event': delivery.event,
          'Askwell-Delivery': delivery.id,
        },
        body,
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) {
        return { ok: true, statusCode: response.status };
      }
      return {
        ok: false,
        statusCode: response.status,
        error: `The receiver answered HTTP ${response.status}.`,
        permanent: false,
      };
    } catch (error) {
      const refused = outboundErrorOf(error);
      if (refused?.code === 'redirect_refused') {
        return {
          ok: false,
          statusCode: refused.status ?? null,
          error: `Redirects are not followed (HTTP ${refused.status}).`,
          permanent: false,
        };
      }
      if (refused?.code === 'blocked_address' || refused?.code === 'unresolvable') {
        return {
          ok: false,
          statusCode: null,
          error: refused.message,
          permanent: refused.code === 'blocked_address',
        };
      }
      const timedOut =
        (error instanceof DOMException && error.name === 'TimeoutError') ||
        refused?.code === 'timeout';
      const message = timedOut
        ? `No answer within ${Math.round(this.timeoutMs / 1000)} seconds.`
        : `Could not connect: ${describe(error)}`;
      return { ok: false, statusCode: null, error: message, permanent: false };
    }
  }
}

function describe(error: unknown) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause && typeof cause === 'object' && 'code' in cause) return String(cause.code);
  return cause instanceof Error ? cause.message : String(cause);
}
