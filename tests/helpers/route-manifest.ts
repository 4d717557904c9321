import type { ServerBuild } from "@remix-run/node";

/**
 * A server build's `routes` shaped like the app's (public pages, files, login, the back-office
 * with a form screen and an upload screen served by one module, and an upload route of its own), for the tests of what the process matches routes
 * for: body limits (server/request-body.server.ts) and metrics labels (server/metrics.server.ts).
 */

const noop = () => null;
const screenModule = { loader: noop, action: noop, handle: { uploads: { "routes/admin.book": ["image", "book"] } } };
export const MANIFEST = {
  root: { id: "root", path: "", module: { default: noop, loader: noop } },
  "routes/_public": { id: "routes/_public", parentId: "root", module: { default: noop } },
  "routes/_public._index": { id: "routes/_public._index", parentId: "routes/_public", index: true, module: { loader: noop } },
  "routes/_public.about": { id: "routes/_public.about", parentId: "routes/_public", path: "about", module: { loader: noop } },
  "routes/_public.activity.$activityId": {
    id: "routes/_public.activity.$activityId",
    parentId: "routes/_public",
    path: "activity/:activityId",
    module: { loader: noop },
  },
  "routes/activity.feed[.]xml": { id: "routes/activity.feed[.]xml", parentId: "root", path: "activity/feed.xml", module: { loader: noop } },
  "routes/files.$name": { id: "routes/files.$name", parentId: "root", path: "files/:name", module: { loader: noop } },
  "routes/login": { id: "routes/login", parentId: "root", path: "login", module: { loader: noop, action: noop } },
  "routes/admin": { id: "routes/admin", parentId: "root", path: "admin", module: { loader: noop } },
  "routes/admin._index": { id: "routes/admin._index", parentId: "routes/admin", index: true, module: { loader: noop } },
  // The screens share one module (app/routes/admin-screen.tsx), whose handle names each route's uploads by its id.
  "routes/admin.genre": { id: "routes/admin.genre", parentId: "routes/admin", path: "genre", module: screenModule },
  "routes/admin.book": { id: "routes/admin.book", parentId: "routes/admin", path: "book", module: screenModule },
  "routes/admin.video[.]upload": {
    id: "routes/admin.video[.]upload",
    parentId: "routes/admin",
    path: "video.upload",
    module: { loader: noop, action: noop, handle: { uploads: ["video", "image", "image"] } },
  },
} as unknown as ServerBuild["routes"];
