"use client";

import { useState, type FormEvent } from "react";
import { send } from "@/components/account/send";
import { sendSensitive, StepUpDialog } from "@/components/admin/step-up";
import { STEP_UP_FIELD } from "@/lib/auth/second-factor";
import { FormField, inputClasses } from "@/components/account/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { AdminSearch, AdminSearchOutcome } from "./admin-search";

/** The spec's text for a failed password change (part 2 section 8, "Admin"). */
export const PASSWORD_ERROR = "Something went wrong";

export type AdminMemberRow = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  memberType: "customer" | "merchant" | "admin";
  /** Two-step sign-in is on: an operator may reset it (POST /api/scripts/resetSecondFactor). */
  secondFactor: boolean;
};

const TYPE_LABEL = { customer: "Customer", merchant: "Farm", admin: "Admin" } as const;

/**
 * Members Manager: search members (POST /api/scripts/findMembersByKeyword) and set a member's
 * password (POST /api/scripts/updatePassword) in a dialog. A table from 768 px, cards below.
 */
export function MemberManager() {
  const [users, setUsers] = useState<AdminMemberRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetting, setResetting] = useState<AdminMemberRow | null>(null);
  const [clearing, setClearing] = useState<AdminMemberRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function search(keyword: string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    const result = await send<{ users: AdminMemberRow[] }>("/api/scripts/findMembersByKeyword", {
      json: { keyword },
    });
    setBusy(false);
    if (result.ok) setUsers(result.data.users);
    else setError(result.message);
  }

  const summary = users
    ? users.length === 0
      ? "There's no member with that keyword."
      : users.length === 1
        ? "1 member"
        : `${users.length} members`
    : null;

  return (
    <div className="flex flex-col gap-6">
      <AdminSearch
        label="Search members"
        placeholder="Username, email, first or last name"
        busy={busy}
        onSearch={search}
      />
      <AdminSearchOutcome error={error} notice={notice} summary={summary} />
      {users && users.length > 0 ? (
        <ul className="grid gap-3 md:hidden">
          {users.map((user) => (
            <li key={user.userId} className="rounded-2xl border border-stone-200 bg-white p-4">
              <p className="font-semibold break-words text-stone-900">
                {user.firstName} {user.lastName}{" "}
                <span className="text-sm font-normal text-stone-600">
                  ({TYPE_LABEL[user.memberType]})
                </span>
              </p>
              <p className="text-sm break-all text-stone-700">@{user.username}</p>
              <p className="text-sm break-all text-stone-700">{user.email}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <ResetButton user={user} onOpen={setResetting} />
                <SecondFactorButton user={user} onOpen={setClearing} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {users && users.length > 0 ? (
        <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Members found</caption>
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Id
                </th>
                <th scope="col" className="px-4 py-3">
                  Username
                </th>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Email
                </th>
                <th scope="col" className="px-4 py-3">
                  Type
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.userId} className="border-t border-stone-100">
                  <td className="px-4 py-3 tabular-nums">{user.userId}</td>
                  <td className="px-4 py-3 break-all">{user.username}</td>
                  <td className="px-4 py-3">
                    {user.firstName} {user.lastName}
                  </td>
                  <td className="px-4 py-3 break-all">{user.email}</td>
                  <td className="px-4 py-3">{TYPE_LABEL[user.memberType]}</td>
                  <td className="px-4 py-3 text-right">
                    <div className="flex flex-wrap justify-end gap-2">
                      <ResetButton user={user} onOpen={setResetting} />
                      <SecondFactorButton user={user} onOpen={setClearing} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Dialog open={resetting !== null} onOpenChange={(open) => !open && setResetting(null)}>
        {resetting ? (
          <ResetPasswordDialog
            key={resetting.userId}
            user={resetting}
            onDone={(message) => {
              setResetting(null);
              setNotice(message);
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={clearing !== null} onOpenChange={(open) => !open && setClearing(null)}>
        {clearing ? (
          <ResetSecondFactorDialog
            key={clearing.userId}
            user={clearing}
            onDone={(message) => {
              setClearing(null);
              setNotice(message);
              setUsers(
                (rows) =>
                  rows?.map((row) =>
                    row.userId === clearing.userId ? { ...row, secondFactor: false } : row,
                  ) ?? null,
              );
            }}
          />
        ) : null}
      </Dialog>
      <StepUpDialog />
    </div>
  );
}

function SecondFactorButton({
  user,
  onOpen,
}: {
  user: AdminMemberRow;
  onOpen: (user: AdminMemberRow) => void;
}) {
  if (!user.secondFactor) return null;
  return (
    <Button variant="secondary" size="sm" onClick={() => onOpen(user)}>
      Reset two-step sign-in
      <span className="sr-only"> of {user.username}</span>
    </Button>
  );
}

function ResetSecondFactorDialog({
  user,
  onDone,
}: {
  user: AdminMemberRow;
  onDone: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    const result = await sendSensitive<{ message: string }>("/api/scripts/resetSecondFactor", {
      json: { userId: user.userId },
    });
    setBusy(false);
    if (result.ok) return onDone(`${result.data.message} (${user.username})`);
    setError(result.message);
  }

  return (
    <DialogContent
      title={`Reset the two-step sign-in of ${user.username}`}
      description="Do this only when you are sure it is them (a lost phone and lost recovery codes). They are signed out everywhere and set it up again at their next sign-in. The audit trail records it."
    >
      <div className="mt-5 flex flex-col gap-4">
        {error ? (
          <p role="alert" className="font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="button" disabled={busy} onClick={() => void confirm()}>
          {busy ? "Processing ..." : "Reset two-step sign-in"}
        </Button>
      </div>
    </DialogContent>
  );
}

function ResetButton({
  user,
  onOpen,
  className,
}: {
  user: AdminMemberRow;
  onOpen: (user: AdminMemberRow) => void;
  className?: string;
}) {
  if (user.memberType === "admin") return null;
  return (
    <Button variant="secondary" size="sm" className={className} onClick={() => onOpen(user)}>
      Reset password
      <span className="sr-only"> of {user.username}</span>
    </Button>
  );
}

function ResetPasswordDialog({
  user,
  onDone,
}: {
  user: AdminMemberRow;
  onDone: (message: string) => void;
}) {
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    const result = await sendSensitive<{ message: string }>("/api/scripts/updatePassword", {
      json: { userId: user.userId, password },
    });
    setBusy(false);
    if (result.ok)
      return onDone(
        `${result.data.message} ${user.username} was signed out everywhere and emailed.`,
      );
    if (result.fieldErrors.password) setFieldError(result.fieldErrors.password);
    else if (result.fieldErrors[STEP_UP_FIELD]) setError(result.message);
    else setError(PASSWORD_ERROR);
  }

  return (
    <DialogContent
      title={`Reset the password of ${user.username}`}
      description="The member is signed out on every device and emailed that an operator changed it. Give them the new password yourself."
    >
      <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
        <FormField id="admin-new-password" label="New password" error={fieldError}>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={inputClasses}
            />
          )}
        </FormField>
        {error ? (
          <p role="alert" className="font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? "Processing ..." : "Set password"}
        </Button>
      </form>
    </DialogContent>
  );
}
