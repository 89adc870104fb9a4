"use client";

/** What the server answers when a two-step sign-in is being set up (secondFactorSetupAnswer). */
export type SecondFactorSetup = {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
  recoveryCodes: string[];
};

/**
 * The QR code to scan (with the secret to type where a camera is missing) and the ten recovery
 * codes, shown once. The SVG is the server's own drawing of the otpauth address (the `qrcode`
 * package): markup without script or links.
 */
export function SecondFactorSetupView({ setup }: { setup: SecondFactorSetup }) {
  return (
    <div className="flex flex-col gap-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Keep the recovery codes somewhere safe, then enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <div
          role="img"
          aria-label="QR code to add this account to an authenticator app"
          className="size-44 shrink-0 rounded-xl border border-stone-200 bg-white p-2"
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div className="flex w-full min-w-0 flex-1 flex-col gap-1.5 text-sm">
          <label htmlFor="totp-key" className="font-semibold text-stone-800">
            Key for typing into the app
          </label>
          <input
            id="totp-key"
            readOnly
            value={setup.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 w-full rounded-xl border border-stone-300 bg-stone-50 px-3 font-mono text-stone-900"
          />
        </div>
      </div>
      <section aria-labelledby="recovery-codes-heading">
        <h3 id="recovery-codes-heading" className="text-sm font-semibold text-stone-800">
          Recovery codes
        </h3>
        <p className="mt-1 text-sm text-stone-600">
          Each one signs you in once if you lose your phone. They are shown only now.
        </p>
        <ul
          aria-label="Recovery codes"
          className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-stone-900"
        >
          {setup.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
