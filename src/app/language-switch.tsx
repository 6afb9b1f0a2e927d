import { useAtomValue } from 'jotai';
import { useEffect, useSyncExternalStore } from 'react';
import { useApi } from '../api/api-context';
import { currentLanguage, languageChosenHere, languages, setLanguage, subscribeLanguage } from '../config/language';
import { authTokenAtom, userDetailsAtom } from '../state/account';

/**
 * The other languages, each named in itself (flow-config/languages.json), on every page. Signed in, the choice is
 * stored with the applicant too, so their emails and SMS follow it; on a device where they never chose, the
 * language stored with them is taken once they have loaded.
 */
export function LanguageSwitch() {
  const api = useApi();
  const signedIn = useAtomValue(authTokenAtom) !== null;
  const storedWithUser = useAtomValue(userDetailsAtom)?.language;
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  useEffect(() => {
    if (storedWithUser && !languageChosenHere()) setLanguage(storedWithUser, { remember: false });
  }, [storedWithUser]);
  const choose = (code: string) => {
    setLanguage(code);
    // The choice applies at once. If storing it with the applicant fails, the server keeps their earlier language
    // (for emails and SMS) until they switch again.
    if (signedIn) api.post('/user/language', { language: code }).catch(() => undefined);
  };
  return languages.languages
    .filter(({ code }) => code !== language)
    .map(({ code, name }) => (
      <li key={code}>
        <button type="button" className="onboard-footer-link" lang={code} onClick={() => choose(code)}>
          {name}
        </button>
      </li>
    ));
}
