/** Page `page` of a public list at `path`: the first page is the list's own address. */
export function pagedPath(path: string, page: number): string {
  return page === 1 ? path : `${path}?page=${page}`;
}

/** The activities' archive, newest first (`?page=N`). */
export const ACTIVITIES_PATH = "/activity";

/** One activity's public page. The id comes from the upstream: it is encoded, whatever it holds. */
export function activityPath(id: string): string {
  return `/activity/${encodeURIComponent(id)}`;
}

/** Koleksi Digital: the mobile app's books (`?q=&genre=&tag=&page=`), when the catalogue is set up. */
export const CATALOGUE_PATH = "/katalog";
export const CATALOGUE_VIDEOS_PATH = "/katalog/video";
/** The most of `?q=`, `?genre=` and `?tag=` read: more is not a title, an author or a name. */
export const CATALOGUE_QUERY_MAX_CHARS = 100;

/** One book's public page. */
export function catalogueBookPath(id: string): string {
  return `${CATALOGUE_PATH}/${encodeURIComponent(id)}`;
}

/** The site search: the pages, the activities and the catalogue (`?q=`). */
export const SITE_SEARCH_PATH = "/cari";
export const SITE_SEARCH_MAX_CHARS = CATALOGUE_QUERY_MAX_CHARS;
