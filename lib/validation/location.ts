/** My Local: the visitor's or customer's location and radius (part 1 section 5 "Local location"). */
import { z } from "zod";
import { RADIUS_DEFAULT_KM, RADIUS_MAX_KM, RADIUS_MIN_KM, RADIUS_STEP_KM } from "@/lib/constants";
import { CITY_CHARS, LOCAL_ADDRESS_CHARS, LOCAL_POSTAL_CHARS } from "./charsets";
import { MSG } from "./messages";
import {
  checkRegionAndPostal,
  country,
  crossCheck,
  fail,
  integer,
  LIMITS,
  normalizePostalCode,
  optional,
  optionalText,
  provinceState,
} from "./shared";

/** 0 to 50 km in steps of 5, digits only; missing means 0 (no distance limit). */
export const radius = () =>
  integer(MSG.invalidRadius, {
    min: RADIUS_MIN_KM,
    max: RADIUS_MAX_KM,
    default: RADIUS_DEFAULT_KM,
  })
    .refine((km) => km % RADIUS_STEP_KM === 0, MSG.invalidRadius)
    .meta({ multipleOf: RADIUS_STEP_KM });

/**
 * Every part but the country is optional, but the geocoder needs a postal code or a city with its
 * province/state. A postal code must also fit its country (a Canadian first half "A1A" is enough).
 */
export const localLocationSchema = z
  .object({
    address: optionalText({
      invalid: MSG.invalidAddress,
      max: LIMITS.address,
      pattern: LOCAL_ADDRESS_CHARS,
    }),
    city: optionalText({ invalid: MSG.invalidCity, max: LIMITS.city, pattern: CITY_CHARS }),
    provinceState: optional(provinceState()),
    postalCode: optionalText({
      invalid: MSG.invalidPostalCode,
      max: LIMITS.postalCode,
      pattern: LOCAL_POSTAL_CHARS,
      normalize: normalizePostalCode,
    }),
    country: country(),
    radius: radius(),
  })
  .check(
    crossCheck((value, ctx) => {
      checkRegionAndPostal(value, ctx, "fsa-allowed");
      const has = (key: string) => typeof value[key] === "string" && value[key] !== "";
      if (has("postalCode")) return;
      if (!has("city")) fail(ctx, MSG.required, ["city"]);
      if (!has("provinceState")) fail(ctx, MSG.required, ["provinceState"]);
    }),
  )
  // The document states the cross check's need: a city with its province/state, or a postal code.
  .meta({ anyOf: [{ required: ["city", "provinceState"] }, { required: ["postalCode"] }] });

export type LocalLocationInput = z.input<typeof localLocationSchema>;
export type LocalLocation = z.output<typeof localLocationSchema>;
