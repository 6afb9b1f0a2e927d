import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { currentLanguage, languages, setLanguage } from '../../src/config/language';
import { FakeServer } from './support/fake-server';
import { findHeading, renderApp } from './support/render-app';

const hindiName = languages.languages.find(({ code }) => code === 'hi')?.name ?? '';
const resumeTitle = defaultBundle.pageFiles['flow-config/pages/status.json']?.pages['/']?.copy?.title ?? '';

afterEach(() => {
  setLanguage(languages.default, { remember: false });
  localStorage.clear();
});

describe("the footer's language switch, signed in", () => {
  it('switches the app, remembers the choice on this device and stores it with the applicant (their emails and SMS follow it)', async () => {
    const server = new FakeServer(defaultBundle.flow).on('POST /user/language', () => ({ status: 200, body: { message: 'ok' } }));
    renderApp({ path: '/', server, signedIn: { nextStep: 'aadhaar_verification' } });
    await findHeading(resumeTitle);
    await userEvent.setup().click(screen.getByRole('button', { name: hindiName }));

    expect(currentLanguage()).toBe('hi');
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(localStorage.getItem('onboard.language')).toBe('hi');
    expect(server.calls('POST /user/language').map(({ body }) => body)).toEqual([{ language: 'hi' }]);
  });

  it("takes the language stored with the applicant on a device where they never chose, without storing it back", async () => {
    const server = new FakeServer(defaultBundle.flow);
    renderApp({ path: '/', server, signedIn: { nextStep: 'aadhaar_verification', language: 'hi' } });
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(localStorage.getItem('onboard.language')).toBeNull();
    expect(server.calls('POST /user/language')).toEqual([]);
  });
});
