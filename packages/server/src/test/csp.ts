/** A Content-Security-Policy header as directive → its values ('' for a directive without any). */
export const cspDirectives = (csp: unknown): Map<string, string> =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
