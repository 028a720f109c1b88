export type ErrorCode =
  | 'validation_error'
  | 'invalid_json'
  | 'unauthorized'
  | 'forbidden'
  | 'two_factor_setup_required'
  | 'not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'bot_disabled'
  | 'origin_not_allowed'
  | 'widget_session_invalid'
  | 'internal_error'
  | 'service_unavailable';

const statusByCode: Record<ErrorCode, number> = {
  validation_error: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  two_factor_setup_required: 403,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  // A plan limit: the message names it and how to raise it.
  quota_exceeded: 402,
  bot_disabled: 403,
  origin_not_allowed: 403,
  widget_session_invalid: 401,
  internal_error: 500,
  service_unavailable: 503,
};

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusByCode[code];
  }
}
