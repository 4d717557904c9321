import express from "express";
import type { ApiContext } from "../context.ts";
import type { FileRule } from "../multipart.ts";
import {
  longText,
  optionalEmail,
  optionalHandle,
  optionalPhone,
  optionalText,
  optionalUrl,
  requiredIsoDate,
  requiredLongText,
  requiredText,
} from "../validation.ts";
import { resourceRouter, type ResourceDefinition } from "./resource.ts";

/** Website content (spec §7 "Website content"): readable by anyone, changed by admins. */

const image: FileRule = { area: "files", kind: "image", label: "gambar" };

const sliders: ResourceDefinition = {
  path: "/sliders",
  table: "sliders",
  listKey: "data",
  publicRead: true,
  fields: { title: requiredText("Judul"), description: longText("Deskripsi"), url: optionalUrl() },
  defaults: { description: "", url: "" },
  file: { ...image, field: "file", requiredMessage: "Gambar slider wajib diunggah" },
  orderBy: "id",
};

const abouts: ResourceDefinition = {
  path: "/abouts",
  table: "abouts",
  listKey: "data",
  publicRead: true,
  fields: {
    title: requiredText("Judul"),
    description: longText("Deskripsi"),
    address: optionalText("Alamat", 500),
    phone: optionalPhone(),
    email: optionalEmail(),
    facebook: optionalHandle("Facebook"),
    instagram: optionalHandle("Instagram"),
    twitter: optionalHandle("Twitter"),
    youtube: optionalHandle("YouTube"),
    tiktok: optionalHandle("TikTok"),
    terms_and_condition: longText("Syarat dan ketentuan"),
    privacy_policy: longText("Kebijakan privasi"),
  },
  defaults: {
    description: "",
    address: "",
    phone: "",
    email: "",
    facebook: "",
    instagram: "",
    twitter: "",
    youtube: "",
    tiktok: "",
    terms_and_condition: "",
    privacy_policy: "",
  },
  file: { ...image, field: "file" },
  orderBy: "id",
  deletePath: false,
};

const missionVision: ResourceDefinition = {
  path: "/mission-vision",
  table: "mission_visions",
  listKey: "data",
  publicRead: true,
  fields: { vision: requiredLongText("Visi"), mission: requiredLongText("Misi") },
  defaults: {},
  orderBy: "id",
  deletePath: false,
};

const histories: ResourceDefinition = {
  path: "/histories",
  table: "histories",
  listKey: "data",
  publicRead: true,
  fields: { title: requiredText("Judul"), description: longText("Deskripsi") },
  defaults: { description: "" },
  file: { ...image, field: "file" },
  orderBy: "id",
  deletePath: false,
};

const activities: ResourceDefinition = {
  path: "/activities",
  table: "activities",
  listKey: "data",
  publicRead: true,
  fields: { date: requiredIsoDate("Tanggal"), title: requiredText("Judul"), description: longText("Deskripsi") },
  defaults: { description: "" },
  file: { ...image, field: "file" },
  orderBy: "date DESC, id DESC",
  itemRoute: true,
};

const officers: ResourceDefinition = {
  path: "/officers",
  table: "officers",
  listKey: "data",
  publicRead: true,
  fields: {
    name: requiredText("Nama"),
    position: requiredText("Jabatan"),
    additional_text: optionalText("Keterangan tambahan", 500),
  },
  defaults: { additional_text: "" },
  file: { ...image, field: "file" },
  orderBy: "id",
};

export function websiteRoutes(context: ApiContext): express.Router {
  const router = express.Router();
  for (const definition of [sliders, abouts, missionVision, histories, activities, officers]) {
    router.use(resourceRouter(context, definition));
  }
  return router;
}
