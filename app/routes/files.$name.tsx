import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamStoredFile } from "@server/files.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => streamStoredFile(request, "files", params.name);
