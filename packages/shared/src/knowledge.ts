import { z } from 'zod';

export const maxUploadBytes = 10_485_760;
export const documentKinds = ['pdf', 'doc', 'docx', 'txt', 'md'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const acceptedExtensions = ['.pdf', '.doc', '.docx', '.txt', '.md'] as const;
// A .zip of such documents adds each of them; see ArchiveUpload.
export const archiveExtension = '.zip';
export const maxArchiveDocuments = 500;
// The Documents page sends files up this many at a time: dropping 300 files must not open 300
// connections (the browser would queue them anyway, and the server allows a few parallel uploads
// per account). The ingest benchmark uploads the same way.
export const parallelUploads = 4;

export const sourceKinds = ['document', 'website', 'qa'] as const;
export type SourceKind = (typeof sourceKinds)[number];

// Spec §4 queue states; 'stage' tells where in the pipeline a processing source is.
export const sourceStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type SourceStatus = (typeof sourceStatuses)[number];
export const processingStages = [
  'uploaded',
  'extracting',
  'chunking',
  'indexing',
  'completed',
  'failed',
] as const;
export type ProcessingStage = (typeof processingStages)[number];

export const extractionFailureCodes = [
  'password_protected',
  'no_text',
  'corrupt_file',
  'unsupported_format',
  'too_large',
  'processing_error',
] as const;
export type ExtractionFailureCode = (typeof extractionFailureCodes)[number];

export const documentFailedMessage = 'Failed to process document';

export type KnowledgeSource = {
  id: string;
  botId: string;
  botName: string;
  kind: SourceKind;
  name: string;
  status: SourceStatus;
  stage: ProcessingStage;
  progress: number;
  // 'Failed to process document: <reason>' when failed.
  error: string | null;
  errorCode: ExtractionFailureCode | null;
  // What the owner should know about a processed source (e.g. a PDF page skipped because reading
  // it took too long).
  notes?: string[];
  // Documents
  documentType: DocumentKind | null;
  sizeBytes: number | null;
  // Websites
  url: string | null;
  syncSchedule: SyncSchedule | null;
  lastSyncedAt: string | null;
  pageCount: number;
  chunkCount: number;
  createdAt: string;
  updatedAt: string;
};

// What uploading a .zip added: one source per document in it, and what was left out and why.
export type ArchiveUpload = {
  archive: string;
  sources: KnowledgeSource[];
  skipped: Array<{ name: string; reason: string }>;
};

export const syncSchedules = ['manual', 'daily', 'weekly'] as const;
export type SyncSchedule = (typeof syncSchedules)[number];

export const websiteSourceInputSchema = z.object({
  url: z
    .string({ error: 'Please enter the website address.' })
    .trim()
    .min(1, 'Please enter the website address.')
    .max(2000, 'The address is too long.')
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: 'Please enter a full http:// or https:// address.',
      }),
    ),
  maxPages: z.number().int().min(1).max(500).default(100),
  maxDepth: z.number().int().min(0).max(10).default(3),
  syncSchedule: z.enum(syncSchedules).default('manual'),
});
export type WebsiteSourceInput = z.input<typeof websiteSourceInputSchema>;

export const qaPairSchema = z.object({
  question: z.string().trim().min(1, 'Please enter the question.').max(500),
  answer: z.string().trim().min(1, 'Please enter the answer.').max(4000),
});
export type QaPair = z.infer<typeof qaPairSchema>;
export const qaSourceInputSchema = z.object({
  name: z.string().trim().min(1, 'Please name this set of answers.').max(120),
  pairs: z.array(qaPairSchema).min(1, 'Add at least one question and answer.').max(500),
});
export type QaSourceInput = z.infer<typeof qaSourceInputSchema>;

export type WebsitePage = {
  id: string;
  url: string;
  title: string | null;
  status: 'indexed' | 'unchanged' | 'skipped' | 'failed' | 'removed';
  detail: string | null;
  chunkCount: number;
  fetchedAt: string;
};

// Pushed over socket.io to the owner's room as the pipeline advances.
export type SourceProgressEvent = {
  sourceId: string;
  botId: string;
  status: SourceStatus;
  stage: ProcessingStage;
  progress: number;
  error: string | null;
  chunkCount: number;
  // Orders events against REST responses that may arrive after them.
  updatedAt: string;
};
export const sourceProgressEventName = 'knowledge:source';

export const trainingSteps = [
  'Document Processing',
  'Knowledge Extraction',
  'AI Training',
  'Final Optimization',
] as const;

export type TrainingState = {
  running: boolean;
  steps: Array<{
    name: (typeof trainingSteps)[number];
    status: 'complete' | 'in_progress' | 'pending' | 'failed';
    progress: number;
  }>;
  sources: KnowledgeSource[];
};

// What one press of 'Start Training' did, so the owner is told instead of guessing: sources read
// again (new, changed, failed, or a website to re-crawl), sources whose search vectors were missing
// and are being added, sources already being read, and sources left alone because they are current.
export type TrainingRun = {
  reread: number;
  embedding: number;
  inProgress: number;
  upToDate: number;
};

export type TrainingStarted = TrainingState & { run: TrainingRun };

// A passage found in a bot's knowledge, with what a citation needs.
export type KnowledgeHit = {
  chunkId: string;
  sourceId: string;
  score: number;
  heading: string | null;
  text: string;
  page: number | null;
  url: string | null;
  question: string | null;
  // Among the few passages closest in meaning (dense retrieval), whether or not it shares a word
  // with the query; absent when only lexical search ran.
  semantic?: boolean;
};
