/**
 * Each request's logger, made when the request first logs something its level lets through
 * (issue 33, decision 169). Fastify gives every request a child of the app's logger carrying its
 * id; pino builds a child by serialising its bindings through the redaction of log-options.ts,
 * which cost every request about as much as one of its hooks although most requests log nothing
 * at the configured level. The stand-in answers the same methods and makes the real child (with
 * the same bindings and options) the first time a line is written or a child is asked for.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

const METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Method = (typeof METHODS)[number];

class RequestLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  silent() {}

  /** True when a line of this method would be written at the logger's level. */
  enabled(method: Method): boolean {
    const values = this.parent.levels.values;
    // the numbers pino keeps beside the names: Fastify asks twice a request, before any line is made
    const threshold = this.made ? (this.made as Logger).levelVal : this.options.level ? values[this.options.level] : this.parent.levelVal;
    return (values[method] ?? 0) >= (threshold ?? 0);
  }
}

for (const method of METHODS) {
  Object.defineProperty(RequestLogger.prototype, method, {
    value(this: RequestLogger, ...args: unknown[]) {
      if (!this.enabled(method)) return;
      const real = (this as unknown as { real: Record<Method, (...line: unknown[]) => void> }).real;
      real[method](...args);
    },
  });
}

/** Fastify's `childLoggerFactory`: a request's logger that is made on its first line. */
export const requestLoggerFactory = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new RequestLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
