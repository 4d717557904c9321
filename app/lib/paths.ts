/** The activities' archive, newest first (`?page=N`). */
export const ACTIVITIES_PATH = "/activity";

/** One activity's public page. The id comes from the upstream: it is encoded, whatever it holds. */
export function activityPath(id: string): string {
  return `/activity/${encodeURIComponent(id)}`;
}
