import type { ApiErrorBody } from '@askwell/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/app-error';

const internalErrorMessage = 'Something went wrong on our side. Please try again in a moment.';
const busyMessage = 'The service is busy. Please try again in a moment.';

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'service_unavailable') {
      request.log.warn({ reason: error.message }, 'database unavailable for this request');
    } else if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendError(reply, appError);
  });
}

export function sendError(reply: FastifyReply, error: AppError) {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.statusCode).type('application/json').send(body);
}

export function isApiPath(request: FastifyRequest) {
  return /^\/(api|v1)(\/|$)/.test(request.url);
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      fields[field] ??= issue.message ?? 'Invalid value.';
    }
    const names = Object.keys(fields).join(', ');
    return new AppError('validation_error', `Please check these fields: ${names}.`, fields);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'This content type is not supported here.');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new AppError('invalid_json', 'The request body is not valid JSON.');
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('service_unavailable', busyMessage, undefined, { 'retry-after': '2' });
  }
  if (error.statusCode === 404) return new AppError('not_found', 'Not found.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('validation_error', error.message);
  }
  return new AppError('internal_error', internalErrorMessage);
}
