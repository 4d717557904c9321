/** An activity as a card shows it: on the home page's carousel and in the archive (/activity). */
export interface ActivityCardData {
  id: string;
  title: string;
  summary: string;
  date: string;
  dateTime?: string;
  image: string | null;
}
