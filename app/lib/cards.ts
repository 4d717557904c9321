/** An activity as a card shows it: on the home page's carousel and in the archive (/activity). */
export interface ActivityCardData {
  id: string;
  title: string;
  summary: string;
  date: string;
  dateTime?: string;
  image: string | null;
}

/** A book as the catalogue's grid shows it. */
export interface BookCardData {
  id: string;
  title: string;
  author: string;
  cover: string | null;
  genres: string[];
}

/** A video as the catalogue shows it: files on the upstream's host through this site's /files, other http(s) addresses as they are. */
export interface VideoCardData {
  id: string;
  title: string;
  description: string;
  /** The video file, or null when its address is not one this site can show. */
  link: string | null;
  thumbnail: string | null;
  watched: number;
}
