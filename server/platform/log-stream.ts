/** Where the server's log lines go; pino accepts anything with `write`. */
export interface LogStream {
  write(line: string): void;
  /** Writes what is pending now (shutdown, exit). */
  flush(): void;
}

/**
 * Log lines gathered per event-loop turn and written to stdout in one call, instead of one write
 * system call per line (two per request at the info level). Lines are out within the same turn of
 * the loop; on exit the rest is written synchronously.
 */
export function batchedStdout(out: { write(text: string): unknown } = process.stdout): LogStream {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    out.write(text);
  };
  process.once('exit', flush);
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
