/**
 * The normal form of a failure message, as stored in the history: `normalizeErrorMessage` exactly as seed 000 (docs/sources.md) wrote
 * it, quirks included (docs/scoring.md, "normalizeErrorMessage"). Forgiveness compares messages in this form (an
 * outage is many tests failing with the same normalised message), so a change here changes decisions.
 */
export function normalizeErrorMessage(message: string): string {
  return (
    message
      // Remove timestamps
      .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}[.\d]*[Z]?/g, 'TIMESTAMP')
      // Remove line numbers
      .replace(/:\d+/g, ':LINE')
      // Remove memory addresses
      .replace(/0x[a-fA-F0-9]+/g, '0xADDRESS')
      // Remove port numbers
      .replace(/:\d{4,5}\b/g, ':PORT')
      // Remove UUIDs
      .replace(/[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}/gi, 'UUID')
      // Remove file paths
      .replace(/\/[\w\-_\/\.]+/g, 'PATH')
      // Remove assertion values
      .replace(/expected:?\s*\S+/gi, 'expected: VALUE')
      .replace(/actual:?\s*\S+/gi, 'actual: VALUE')
      // Normalize whitespace
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
  );
}
