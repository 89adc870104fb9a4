import { generate } from "otplib";

/**
 * The demo admin's TOTP secret (server/db/seed/seed-demo.ts DEMO_ADMIN_TOTP_SECRET, printed in the
 * README): the harnesses that sign in as the demo admin compute its codes as an app would.
 */
export const DEMO_ADMIN_TOTP_SECRET = "MARKETDEMOADMINTOTPSECRETXYZ2345";

const PERIOD_SECONDS = 30;

/** The code of a 30-second step (`Math.floor(epochSeconds / 30)`). */
export function totpCode(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * PERIOD_SECONDS });
}

export function currentStep(now: number = Date.now()): number {
  return Math.floor(now / 1000 / PERIOD_SECONDS);
}

/**
 * Hands out codes of one secret for one process so no two sign-ins reuse a step (the server takes a
 * step once): the current step, then the next one (the server accepts one step ahead), and past
 * that it waits for the step boundary, as a person would wait for the app's next code.
 */
export class TotpCodes {
  private lastStep = 0;

  constructor(private readonly secret: string) {}

  async next(): Promise<string> {
    let step = Math.max(currentStep(), this.lastStep + 1);
    while (step > currentStep() + 1) {
      const boundary = (currentStep() + 1) * PERIOD_SECONDS * 1000;
      await new Promise((resolve) => setTimeout(resolve, boundary - Date.now() + 50));
      step = Math.max(currentStep(), this.lastStep + 1);
    }
    this.lastStep = step;
    return totpCode(this.secret, step);
  }
}
