/**
 * A CalDAV answer other than success: a status and, for a failed precondition (RFC 4918 §16, RFC
 * 4791 §1.3), the DAV:error element naming it. The plugin's error handler writes it.
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The precondition element(s), as XML (see xml.ts element), inside <d:error>. */
    readonly condition?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const davNotFound = () => new DavError(404, 'Not Found');
