/**
 * The config release this client was built from (scripts/vite-config-release.ts), and the one the server names in
 * the `onboard_release` cookie on a signed-in applicant's answers: theirs (issue 29, server/releases/client-releases.ts).
 */
const built = import.meta.env.VITE_CONFIG_RELEASE as string | undefined;
const reloadedFor = 'onboard.releasePages';

function applicantsRelease(): string | undefined {
  return /(?:^|;\s*)onboard_release=([0-9a-f]{64})/.exec(document.cookie)?.[1];
}

/**
 * Whether this page shows another release's steps than the applicant's: they signed in on a page served before
 * the server knew them (a new device, another applicant's browser), or their application moved to a new release.
 * Then the caller loads `route` afresh, and the server sends their release's pages. Once per release and tab, so a
 * release whose client the server cannot serve yet never reloads in a loop.
 */
export function pagesOfAnotherRelease(): boolean {
  const theirs = applicantsRelease();
  if (!built || !theirs || theirs === built || sessionStorage.getItem(reloadedFor) === theirs) return false;
  sessionStorage.setItem(reloadedFor, theirs);
  return true;
}
