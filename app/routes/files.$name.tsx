import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamStoredFile } from "~/platform/files.server";

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  streamStoredFile(request, "files", params.name, context.clientIp);
