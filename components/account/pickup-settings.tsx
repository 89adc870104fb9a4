"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { cutoffLabel, WEEKDAYS, weeklyWindowLabel } from "@/lib/pickup/format";
import { FARM_TIME_ZONES } from "@/lib/pickup/time-zones";
import { FormInput, FormSelect, FormStatus, type Status } from "./form-field";
import { send } from "./send";

type Place = { id: number; name: string; atFarm: boolean; address: string };
type Window = {
  id: number;
  placeId: number;
  weekday: number;
  startsMinute: number;
  endsMinute: number;
  cutoffDaysBefore: number;
  cutoffMinute: number;
  capacity: number | null;
};
export type PickupSetupView = {
  timeZone: string;
  timeZonePicked: boolean;
  places: Place[];
  windows: Window[];
  closedDates: string[];
};

type Errors = Record<string, string>;

/** One call of the pickup API; answers the form's status and field errors, refreshing the page on success. */
function useCall() {
  const router = useRouter();
  const [status, setStatus] = useState<Status | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function call(url: string, init: { method?: string; json?: unknown }) {
    setBusy(true);
    const result = await send<{ message: string }>(url, init);
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setStatus({ kind: "success", text: result.data.message });
      router.refresh();
      return true;
    }
    setErrors(result.fieldErrors);
    setStatus({ kind: "error", text: Object.values(result.fieldErrors)[0] ?? result.message });
    return false;
  }
  return { call, status, errors, busy };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="border-t border-stone-200 pt-6 first:border-0 first:pt-0"
    >
      <h3 id={id} className="mb-3 text-lg font-semibold text-stone-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

const CUTOFF_DAYS = [
  { value: "0", label: "The same day" },
  { value: "1", label: "The day before" },
  ...[2, 3, 4, 5, 6, 7].map((n) => ({ value: String(n), label: `${n} days before` })),
];
const COUNTRIES = [
  { value: "CA", label: "Canada" },
  { value: "US", label: "United States" },
];

/** The props that tie one of a form's fields to its state and its error. */
function bind<F extends Record<string, string>>(
  form: F,
  setForm: (form: F) => void,
  errors: Errors,
) {
  return (key: keyof F & string) => ({
    value: form[key],
    onChange: (value: string) => setForm({ ...form, [key]: value }),
    error: errors[key],
  });
}

/**
 * Settings → Pickup (farms, phone first; issue 41 item 3): where the farm hands orders over, its
 * weekly windows per place, closed dates and the time zone they are in.
 */
export function PickupSettings({ setup }: { setup: PickupSetupView }) {
  const placeName = new Map(setup.places.map((p) => [p.id, p.name]));
  return (
    <div className="flex flex-col gap-8">
      <Link
        href="/pickups"
        className="text-leaf-800 self-start font-semibold underline-offset-2 hover:underline"
      >
        Open Pickups: today&apos;s orders and what to pack
      </Link>
      <p className="text-stone-700">
        Times are in your time zone, <strong>{setup.timeZone}</strong>. Customers in another zone
        see them in theirs too.
      </p>
      <Section id="pickup-windows-heading" title="Weekly pickup windows">
        {setup.windows.length === 0 ? (
          <p className="mb-3 text-stone-600">
            No windows yet: customers pick up at your address, as arranged with you.
          </p>
        ) : (
          <ul className="mb-4 flex flex-col gap-2" aria-label="Your pickup windows">
            {setup.windows.map((w) => (
              <WindowRow key={w.id} window={w} place={placeName.get(w.placeId) ?? ""} />
            ))}
          </ul>
        )}
        <WindowForm places={setup.places} />
      </Section>
      <Section id="pickup-places-heading" title="Pickup places">
        <ul className="mb-4 flex flex-col gap-2" aria-label="Your pickup places">
          {setup.places.map((p) => (
            <PlaceRow key={p.id} place={p} />
          ))}
        </ul>
        <PlaceForm />
      </Section>
      <Section id="pickup-closed-heading" title="Closed dates">
        <ClosedDates days={setup.closedDates} />
      </Section>
      <Section id="pickup-zone-heading" title="Time zone">
        <TimeZoneForm zone={setup.timeZone} picked={setup.timeZonePicked} />
      </Section>
    </div>
  );
}

function WindowRow({ window: w, place }: { window: Window; place: string }) {
  const { call, status, busy } = useCall();
  const label = `${weeklyWindowLabel(w)} at ${place}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 p-3">
      <div>
        <p className="font-medium text-stone-900">{label}</p>
        <p className="text-sm text-stone-600">
          {cutoffLabel(w)}
          {w.capacity != null ? ` · up to ${w.capacity} orders` : ""}
        </p>
        <FormStatus status={status?.kind === "error" ? status : null} />
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-label={`Remove ${label}`}
        onClick={() => void call(`/api/pickup/windows/${w.id}`, { method: "DELETE" })}
      >
        Remove
      </Button>
    </li>
  );
}

function WindowForm({ places }: { places: Place[] }) {
  const { call, status, errors, busy } = useCall();
  const [form, setForm] = useState({
    placeId: String(places[0]?.id ?? ""),
    weekday: "6",
    startsAt: "09:00",
    endsAt: "12:00",
    cutoffDaysBefore: "1",
    cutoffAt: "18:00",
    capacity: "",
  });
  const field = bind(form, setForm, errors);
  async function submit(event: FormEvent) {
    event.preventDefault();
    await call("/api/pickup/windows", { json: form });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a pickup window"
      className="grid gap-3 sm:grid-cols-2"
    >
      <FormSelect
        id="pw-place"
        label="Place"
        {...field("placeId")}
        options={places.map((p) => ({ value: String(p.id), label: p.name }))}
      />
      <FormSelect
        id="pw-weekday"
        label="Day"
        {...field("weekday")}
        options={WEEKDAYS.map((d, i) => ({ value: String(i), label: d }))}
      />
      <FormInput id="pw-from" label="From" type="time" {...field("startsAt")} />
      <FormInput id="pw-to" label="To" type="time" {...field("endsAt")} />
      <FormSelect
        id="pw-cutoff-days"
        label="Orders close"
        {...field("cutoffDaysBefore")}
        options={CUTOFF_DAYS}
      />
      <FormInput id="pw-cutoff-at" label="Orders close at" type="time" {...field("cutoffAt")} />
      <FormInput
        id="pw-capacity"
        label="Most orders (optional)"
        hint="Leave empty for no limit."
        inputMode="numeric"
        {...field("capacity")}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <SubmitButton disabled={busy || places.length === 0} className="self-start">
          {busy ? "Adding…" : "Add Window"}
        </SubmitButton>
        <FormStatus status={status} />
      </div>
    </form>
  );
}

function PlaceRow({ place }: { place: Place }) {
  const { call, status, busy } = useCall();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-stone-200 p-3">
      <div>
        <p className="font-medium text-stone-900">{place.name}</p>
        <p className="text-sm text-stone-600">{place.address || "Your profile's address"}</p>
        <FormStatus status={status?.kind === "error" ? status : null} />
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-label={`Remove ${place.name}`}
        onClick={() => void call(`/api/pickup/places/${place.id}`, { method: "DELETE" })}
      >
        Remove
      </Button>
    </li>
  );
}

function PlaceForm() {
  const { call, status, errors, busy } = useCall();
  const [form, setForm] = useState({
    name: "",
    address: "",
    city: "",
    provinceState: "",
    country: "CA",
    postalCode: "",
  });
  const field = bind(form, setForm, errors);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await call("/api/pickup/places", { json: form }))
      setForm({ ...form, name: "", address: "", postalCode: "" });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a pickup place"
      className="grid gap-3 sm:grid-cols-2"
    >
      <FormInput id="pp-name" label="Place name" {...field("name")} />
      <FormInput id="pp-address" label="Address" {...field("address")} />
      <FormInput id="pp-city" label="City" {...field("city")} />
      <FormInput id="pp-region" label="Province/State" {...field("provinceState")} />
      <FormSelect id="pp-country" label="Country" {...field("country")} options={COUNTRIES} />
      <FormInput id="pp-postal" label="Postal Code" {...field("postalCode")} />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <SubmitButton disabled={busy} className="self-start">
          {busy ? "Adding…" : "Add Place"}
        </SubmitButton>
        <FormStatus status={status} />
      </div>
    </form>
  );
}

function ClosedDates({ days }: { days: string[] }) {
  const { call, status, errors, busy } = useCall();
  const [day, setDay] = useState("");
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await call("/api/pickup/closedDates", { json: { day } })) setDay("");
  }
  return (
    <>
      {days.length > 0 ? (
        <ul className="mb-3 flex flex-wrap gap-2" aria-label="Your closed dates">
          {days.map((d) => (
            <li
              key={d}
              className="flex items-center gap-2 rounded-full border border-stone-200 py-1 pr-1 pl-3"
            >
              {d}
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                aria-label={`Open ${d} again`}
                onClick={() => void call(`/api/pickup/closedDates/${d}`, { method: "DELETE" })}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={submit}
        noValidate
        aria-label="Close a date"
        className="flex flex-wrap items-end gap-3"
      >
        <FormInput
          id="pc-day"
          label="Date"
          type="date"
          error={errors.day}
          value={day}
          onChange={setDay}
        />
        <SubmitButton disabled={busy}>Close Date</SubmitButton>
      </form>
      <FormStatus status={status} />
    </>
  );
}

function TimeZoneForm({ zone, picked }: { zone: string; picked: boolean }) {
  const { call, status, errors, busy } = useCall();
  const [value, setValue] = useState(picked ? zone : "");
  async function submit(event: FormEvent) {
    event.preventDefault();
    await call("/api/pickup/timeZone", { json: { timeZone: value === "" ? null : value } });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Time zone"
      className="flex flex-wrap items-end gap-3"
    >
      <FormSelect
        id="pz-zone"
        label="Time zone of your windows"
        error={errors.timeZone}
        value={value}
        onChange={setValue}
        options={[
          { value: "", label: `From my province/state (${picked ? "not used" : zone})` },
          ...FARM_TIME_ZONES.map((z) => ({ value: z, label: z })),
        ]}
      />
      <SubmitButton disabled={busy}>Save Time Zone</SubmitButton>
      <FormStatus status={status} />
    </form>
  );
}
