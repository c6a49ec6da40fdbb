/**
 * Does an If-None-Match header name this entity tag? Weak comparison, as RFC 9110 §13.1.2
 * asks for this header: `W/"x"` matches `"x"`; `*` matches any; a list matches if any of its
 * tags does.
 */
export function matchesEntityTag(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
