// Which links may leave the app: only plain https URLs, checked before anything is handed to the system browser.
// A rule file is untrusted text, so a link from it must never reach shell.openExternal unchecked, and what is
// opened is the URL as parsed and checked (`url.href`), never the raw text: a browser or `xdg-open` could read the
// raw text another way than the check did.
const MAX_URL_LENGTH = 2048;

/** The normalised href of an allowed link, or null when it is refused. */
export function safeExternalUrl(candidate: string): string | null {
  if (candidate.length === 0 || candidate.length > MAX_URL_LENGTH) return null;
  // Whitespace and control characters are how "https://a b" or "https://x\n..." tricks start; a backslash is read
  // as "/" by the URL parser but as part of the host's user name by some openers (`https://evil.com\@good.com`).
  if (/[\s\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  const plain = url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  return plain && url.href.length <= MAX_URL_LENGTH ? url.href : null;
}

