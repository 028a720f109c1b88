// Keys of the server state that more than one feature reads, and that realtime events update.
export const queryKeys = {
  bots: ['bots'] as const,
  botList: ['bots', 'list'] as const,
  bot: (botId: string) => ['bots', 'detail', botId] as const,
  training: (botId: string) => ['bots', 'training', botId] as const,
  sources: ['sources'] as const,
  sourceList: (botId?: string) => ['sources', 'list', botId ?? 'all'] as const,
  sourcePages: (sourceId: string) => ['sources', 'pages', sourceId] as const,
  modelSettings: ['settings', 'model'] as const,
  apiKeys: ['api-keys'] as const,
};
