import type { ErrorCode } from '@belleza/contract';

/** A failure a caller can act on: a contract error code, an HTTP status and an English message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode, what: string) =>
  new AppError(code, 404, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('FORBIDDEN', 403, message);
/** An admin suspended the advisor: she cannot be available nor take calls until it is lifted. */
export const advisorSuspended = () =>
  new AppError('ADVISOR_SUSPENDED', 409, 'An admin suspended this account; ask them to lift it');
export const conflict = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(code, 409, message, details);
