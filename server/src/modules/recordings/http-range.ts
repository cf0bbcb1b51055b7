// Pure: HTTP Range (RFC 9110 §14) for one byte range, which is what audio players send to seek.

export type RangeAnswer =
  /** No Range, or one we may ignore (another unit, several ranges, bad syntax): the whole object, 200. */
  | { kind: 'whole' }
  /** 206 with these inclusive offsets. */
  | { kind: 'partial'; start: number; end: number }
  /** 416: no byte of the range is in the object. */
  | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (match[1] === '') {
    // bytes=-N: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = match[2] === '' ? size - 1 : Number(match[2]);
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
