/**
 * A small user-agent reader for the security mails: enough to tell a person "Chrome 140 on Linux".
 * The order of the checks matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
 */
const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\bOPR\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:[.\d]*)\s+(?:Mobile\/\S+\s+)?Safari\//],
];

const SYSTEMS: Array<[name: string, pattern: RegExp]> = [
  ["iOS", /\b(?:iPhone|iPad|iPod)\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

export type ParsedUserAgent = {
  /** Browser and system without versions: what "the same browser" means across updates. */
  family: string;
  /** For people: "Chrome 140 on Linux". */
  readable: string;
};

export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = (userAgent ?? "").slice(0, 512);
  let browser = "Unknown browser";
  let version = "";
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = name;
      version = match[1] ?? "";
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? "an unknown system";
  return {
    family: `${browser} on ${system}`,
    readable: `${browser}${version ? ` ${version}` : ""} on ${system}`,
  };
}
