/**
 * The server's one errors module: the `ApiError` family and its helpers (api-error.ts), the error handler
 * (handler.ts), the answers given before any route runs (protocol.ts) and error reporting (reporting.ts).
 */
export * from './api-error';
export * from './handler';
export * from './protocol';
export * from './reporting';
