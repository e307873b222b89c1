// Which links may leave the app: only plain https URLs, checked before anything is handed to the system browser.
// A rule file is untrusted text, so a link from it must never reach shell.openExternal unchecked.
const MAX_URL_LENGTH = 2048;

export function isSafeExternalUrl(candidate: string): boolean {
  if (candidate.length === 0 || candidate.length > MAX_URL_LENGTH) return false;
  // Whitespace and control characters are how "https://a b" or "https://x\n..." tricks start.
  if (/[\s\u0000-\u001f\u007f]/.test(candidate)) return false;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
}
