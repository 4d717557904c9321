/** One activity's public page. The id comes from the upstream: it is encoded, whatever it holds. */
export function activityPath(id: string): string {
  return `/activity/${encodeURIComponent(id)}`;
}
