import {
  documentKinds,
  extractionFailureCodes,
  processingStages,
  sourceKinds,
  sourceStatuses,
  syncSchedules,
  trainingSteps,
  type ArchiveUpload,
  type FilesUpload,
  type KnowledgeHit,
  type KnowledgeSource,
  type TrainingRun,
  type TrainingStarted,
  type TrainingState,
  type WebsitePage,
} from '@askwell/shared';
import { z } from 'zod';

// The knowledge routes' responses (/api: the web app's own, not part of the public document).

export const knowledgeSourceSchema = z.object({
  id: z.string(),
  botId: z.string(),
  botName: z.string(),
  kind: z.enum(sourceKinds),
  name: z.string(),
  status: z.enum(sourceStatuses),
  stage: z.enum(processingStages),
  progress: z.number(),
  error: z.string().nullable(),
  errorCode: z.enum(extractionFailureCodes).nullable(),
  notes: z.array(z.string()).optional(),
  documentType: z.enum(documentKinds).nullable(),
  sizeBytes: z.number().nullable(),
  url: z.string().nullable(),
  syncSchedule: z.enum(syncSchedules).nullable(),
  lastSyncedAt: z.string().nullable(),
  pageCount: z.number(),
  chunkCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<KnowledgeSource>;

export const archiveUploadSchema = z.object({
  archive: z.string(),
  sources: z.array(knowledgeSourceSchema),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
}) satisfies z.ZodType<ArchiveUpload>;

export const filesUploadSchema = z.object({
  files: z.array(
    z.object({
      name: z.string(),
      source: knowledgeSourceSchema.nullable(),
      error: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<FilesUpload>;

export const websitePageSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string().nullable(),
  status: z.enum(['indexed', 'unchanged', 'skipped', 'failed', 'removed']),
  detail: z.string().nullable(),
  chunkCount: z.number(),
  fetchedAt: z.string(),
}) satisfies z.ZodType<WebsitePage>;

export const trainingStateSchema = z.object({
  running: z.boolean(),
  steps: z.array(
    z.object({
      name: z.enum(trainingSteps),
      status: z.enum(['complete', 'in_progress', 'pending', 'failed']),
      progress: z.number(),
    }),
  ),
  sources: z.array(knowledgeSourceSchema),
}) satisfies z.ZodType<TrainingState>;

export const trainingStartedSchema = trainingStateSchema.extend({
  run: z.object({
    reread: z.number(),
    embedding: z.number(),
    inProgress: z.number(),
    upToDate: z.number(),
  }) satisfies z.ZodType<TrainingRun>,
}) satisfies z.ZodType<TrainingStarted>;

export const knowledgeHitSchema = z.object({
  chunkId: z.string(),
  sourceId: z.string(),
  score: z.number(),
  heading: z.string().nullable(),
  text: z.string(),
  page: z.number().nullable(),
  url: z.string().nullable(),
  question: z.string().nullable(),
  semantic: z.boolean().optional(),
}) satisfies z.ZodType<KnowledgeHit>;
