// A readable browser and OS from a User-Agent string, for the context attached to feedback (not for decisions).

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/SamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/FxiOS\/(\d+)/, "Firefox"],
  [/CriOS\/(\d+)/, "Chrome"],
  [/HeadlessChrome\/(\d+)/, "Headless Chrome"],
  [/Chrome\/(\d+)/, "Chrome"],
  [/Version\/(\d+)[\d.]* (Mobile\/\S+ )?Safari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/iPhone OS (\d+)[_\d]*/, (m) => `iOS ${m[1]}`],
  [/iPad; CPU OS (\d+)[_\d]*/, (m) => `iPadOS ${m[1]}`],
  [/Android (\d+(?:\.\d+)?)/, (m) => `Android ${m[1]}`],
  [/Windows NT 10\.0/, () => "Windows 10/11"],
  [/Windows NT (\d+\.\d+)/, (m) => `Windows NT ${m[1]}`],
  [/Mac OS X (\d+)[_.](\d+)/, (m) => `macOS ${m[1]}.${m[2]}`],
  [/CrOS/, () => "ChromeOS"],
  [/Linux/, () => "Linux"],
];

export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = userAgent.match(pattern);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  let os: string | null = null;
  for (const [pattern, name] of SYSTEMS) {
    const match = userAgent.match(pattern);
    if (match) {
      os = name(match);
      break;
    }
  }
  return { browser, os };
}
