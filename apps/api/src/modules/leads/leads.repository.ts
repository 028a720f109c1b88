import type { LeadListQuery, LeadStatus } from '@askwell/shared';
import { and, desc, eq, getTableColumns, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { escapeLike, pageWithTotal, uuidPattern } from '../../db/query-helpers';
import { chatbots, conversations, leads } from '../../db/schema';

export type LeadRow = typeof leads.$inferSelect;
export type LeadWithBot = { lead: LeadRow; botName: string };

export type NewLead = {
  botId: string;
  userId: string;
  conversationId: string | null;
  name: string;
  email: string;
  phone: string | null;
  consent: boolean;
};

// One row per e-mail per bot: a returning visitor updates their name and phone (a blank phone
// keeps the one given before) while the owner's status stays. `xmax = 0` is true only for a row
// this statement inserted, which tells a new lead from a returning one in one round trip.
export async function upsertLead(db: Database, input: NewLead) {
  const [row] = await db
    .insert(leads)
    .values(input)
    .onConflictDoUpdate({
      target: [leads.botId, leads.email],
      set: {
        name: sql`excluded.name`,
        phone: sql`coalesce(excluded.phone, ${leads.phone})`,
        conversationId: sql`coalesce(excluded.conversation_id, ${leads.conversationId})`,
        consent: sql`excluded.consent`,
        updatedAt: new Date(),
      },
    })
    .returning({ ...getTableColumns(leads), created: sql<boolean>`(xmax = 0)` });
  const { created, ...lead } = row!;
  return { lead, created };
}

export type ImportedLead = typeof leads.$inferInsert;

// Leads that were captured elsewhere, with their own dates, in one statement (the rollup trigger
// counts them into their hours).
export async function importLeads(db: Executor, rows: ImportedLead[]) {
  if (rows.length === 0) return;
  await db.insert(leads).values(rows);
}

export async function conversationHasLead(db: Database, conversationId: string) {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.conversationId, conversationId))
    .limit(1);
  return Boolean(row);
}

// A conversation id from the widget is only linked when it really belongs to the same bot.
export async function conversationOfBot(db: Database, botId: string, conversationId: string) {
  if (!uuidPattern.test(conversationId)) return null;
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.botId, botId)));
  return row?.id ?? null;
}

function dayStart(day: string) {
  return new Date(`${day}T00:00:00.000Z`);
}

function nextDayStart(day: string) {
  const date = dayStart(day);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export type LeadFilters = Omit<LeadListQuery, 'page' | 'pageSize'>;

function leadConditions(userId: string, filters: LeadFilters) {
  const conditions: SQL[] = [eq(leads.userId, userId)];
  if (filters.botId) {
    // An unknown or foreign bot simply matches nothing.
    if (!uuidPattern.test(filters.botId)) conditions.push(sql`false`);
    else conditions.push(eq(leads.botId, filters.botId));
  }
  if (filters.status) conditions.push(eq(leads.status, filters.status));
  if (filters.from) conditions.push(gte(leads.createdAt, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(leads.createdAt, nextDayStart(filters.to)));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(
      or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.phone, pattern))!,
    );
  }
  return and(...conditions)!;
}

export async function listLeads(
  db: Database,
  userId: string,
  filters: LeadFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: LeadWithBot[]; total: number }> {
  const where = leadConditions(userId, filters);
  return pageWithTotal(
    db,
    db
      .select({ lead: leads, botName: chatbots.name })
      .from(leads)
      .innerJoin(chatbots, eq(chatbots.id, leads.botId))
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(page.limit)
      .offset(page.offset),
    leads,
    where,
  );
}

export async function findOwnedLead(db: Database, userId: string, leadId: string) {
  if (!uuidPattern.test(leadId)) return null;
  const [row] = await db
    .select({ lead: leads, botName: chatbots.name })
    .from(leads)
    .innerJoin(chatbots, eq(chatbots.id, leads.botId))
    .where(and(eq(leads.id, leadId), eq(leads.userId, userId)));
  return row ?? null;
}

export async function updateLeadStatus(
  db: Database,
  userId: string,
  leadId: string,
  status: LeadStatus,
) {
  if (!uuidPattern.test(leadId)) return null;
  const [row] = await db
    .update(leads)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(leads.id, leadId), eq(leads.userId, userId)))
    .returning({ id: leads.id });
  return row ? findOwnedLead(db, userId, row.id) : null;
}

export async function deleteOwnedLead(db: Database, userId: string, leadId: string) {
  if (!uuidPattern.test(leadId)) return false;
  const rows = await db
    .delete(leads)
    .where(and(eq(leads.id, leadId), eq(leads.userId, userId)))
    .returning({ id: leads.id });
  return rows.length > 0;
}

export async function countLeads(db: Database, userId: string) {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(leads)
    .where(eq(leads.userId, userId));
  return row?.value ?? 0;
}

export async function recentLeads(db: Database, userId: string, limit: number) {
  return db
    .select({ id: leads.id, name: leads.name, botName: chatbots.name, createdAt: leads.createdAt })
    .from(leads)
    .innerJoin(chatbots, eq(chatbots.id, leads.botId))
    .where(eq(leads.userId, userId))
    .orderBy(desc(leads.createdAt))
    .limit(limit);
}
