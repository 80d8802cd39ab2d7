/** A same-site URL with LocId set in its query (external or odd URLs fall back to /admin/home). */
export function withLocId (url: string, locId: string): string {
  const safe = url.startsWith('/') && !url.startsWith('//') ? url : '/admin/home'
  const parsed = new URL(safe, 'http://x')
  parsed.searchParams.set('LocId', locId)
  return parsed.pathname + parsed.search + parsed.hash
}
