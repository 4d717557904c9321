import { resourceRegistry, type ServerHalvesOf } from "~/admin-kit/server/registry.server";
import { aboutAdapter } from "./abouts/abouts.server";
import { activityAdapter } from "./activities/activities.server";
import { authorAdapter } from "./authors/authors.server";
import { bannerAdapter } from "./banners/banners.server";
import { bookAdapter } from "./books/books.server";
import { classificationAdapter } from "./classifications/classifications.server";
import { genreAdapter } from "./genres/genres.server";
import { historyAdapter } from "./histories/histories.server";
import { libraryAdapter } from "./libraries/libraries.server";
import { missionVisionAdapter } from "./mission-visions/mission-visions.server";
import { officerAdapter } from "./officers/officers.server";
import { publisherAdapter } from "./publishers/publishers.server";
import { sliderAdapter } from "./sliders/sliders.server";
import { tagAdapter } from "./tags/tags.server";
import { videoAdapter } from "./videos/videos.server";
import { RESOURCE_SECTIONS } from "./resources";

/**
 * Each listed resource's server half, by its name. The names are the list's own (resources.ts):
 * a listed resource without its server half here, or with another resource's, does not typecheck.
 */
export const SERVER_HALVES = {
  sliders: sliderAdapter,
  abouts: aboutAdapter,
  "mission-visions": missionVisionAdapter,
  activities: activityAdapter,
  histories: historyAdapter,
  officers: officerAdapter,
  libraries: libraryAdapter,
  banners: bannerAdapter,
  books: bookAdapter,
  genres: genreAdapter,
  tags: tagAdapter,
  classifications: classificationAdapter,
  authors: authorAdapter,
  publishers: publisherAdapter,
  videos: videoAdapter,
} satisfies ServerHalvesOf<typeof RESOURCE_SECTIONS>;

/** The back-office made from the one list and the server halves. */
export const RESOURCES = resourceRegistry(RESOURCE_SECTIONS, SERVER_HALVES);
