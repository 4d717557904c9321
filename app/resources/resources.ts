import { listedResources, type ResourceSections } from "~/admin-kit/resource";
import { aboutResource } from "./abouts/abouts";
import { activityResource } from "./activities/activities";
import { authorResource } from "./authors/authors";
import { bannerResource } from "./banners/banners";
import { bookResource } from "./books/books";
import { classificationResource } from "./classifications/classifications";
import { genreResource } from "./genres/genres";
import { historyResource } from "./histories/histories";
import { libraryResource } from "./libraries/libraries";
import { missionVisionResource } from "./mission-visions/mission-visions";
import { officerResource } from "./officers/officers";
import { publisherResource } from "./publishers/publishers";
import { sliderResource } from "./sliders/sliders";
import { tagResource } from "./tags/tags";
import { videoResource } from "./videos/videos";

/**
 * The upstream resources the site serves, one line each, by menu section and in menu order
 * (spec §2, Admin routes): the one list, like react-admin's `<Resource>` children. Each is
 * declared whole in its folder (`app/resources/<name>/<name>.ts`, browser-safe; its server half
 * `<name>.server.ts`, named in resources.server.ts). Everything that lists the resources reads
 * this: the build's routes (vite.config.ts), the back-office's registry (resources.server.ts: the
 * menu, the screens, the export and audit routes, the pickers, the cache's clears), the admin
 * screens' module (app/routes/admin-screen.tsx) and the suites.
 */
export const RESOURCE_SECTIONS = [
  {
    label: "Website Settings",
    resources: [
      sliderResource,
      aboutResource,
      missionVisionResource,
      activityResource,
      historyResource,
      officerResource,
      libraryResource,
    ],
  },
  {
    label: "Mobile Settings",
    resources: [
      bannerResource,
      bookResource,
      genreResource,
      tagResource,
      classificationResource,
      authorResource,
      publisherResource,
      videoResource,
    ],
  },
] as const satisfies ResourceSections;

/** Every resource's screen, in menu order. */
export const SCREENS = listedResources(RESOURCE_SECTIONS).map((resource) => resource.screen);
