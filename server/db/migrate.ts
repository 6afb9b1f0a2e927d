import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/001-initial';
import * as panAndPersonalDetails from './migrations/002-pan-and-personal-details';
import * as stepData from './migrations/003-step-data';
import * as documents from './migrations/020-documents';
import * as identityRequests from './migrations/030-identity-requests';
import * as incomeProofs from './migrations/031-income-proofs';
import * as sandboxRequests from './migrations/032-sandbox-requests';
import * as bankBranches from './migrations/010-bank-branches';
import * as bankAccounts from './migrations/011-bank-accounts';
import * as audit from './migrations/040-audit';
import * as incomeDeclarations from './migrations/041-income-declarations';
import * as bankSubletCodes from './migrations/042-bank-sublet-codes';
import * as uploadKindNames from './migrations/043-upload-kind-names';
import * as applicantTurns from './migrations/050-applicant-turns';
import * as reviewers from './migrations/060-reviewers';
import * as analyticsEvents from './migrations/061-analytics-events';
import * as sandboxMedia from './migrations/062-sandbox-media';
import * as nomineeAadhaarLastFour from './migrations/070-nominee-aadhaar-last-four';
import * as dataRightsAndRectification from './migrations/071-data-rights-and-rectification';
import * as clientCodes from './migrations/080-client-codes';
import * as userLanguage from './migrations/081-user-language';
import * as simulatorRecords from './migrations/090-simulator-records';
import * as kraStatus from './migrations/091-kra-status';
import * as aggregatorData from './migrations/095-aggregator-data';
import * as rpdVendorRequests from './migrations/097-rpd-vendor-requests';
import * as configReleases from './migrations/100-config-releases';
import * as evidenceReleases from './migrations/101-evidence-releases';
import * as acknowledgements from './migrations/110-acknowledgements';
import * as nominationReferences from './migrations/111-nomination-references';
import * as contactDeclarations from './migrations/112-contact-declarations';
import * as helpRequests from './migrations/113-help-requests';
import * as sharedMobile from './migrations/114-shared-mobile';
import * as documentPasswords from './migrations/120-document-passwords';
import * as reviewedAnswers from './migrations/150-reviewed-answers';
import * as configDrafts from './migrations/160-config-drafts';
import * as draftPublishTimes from './migrations/161-draft-publish-times';
import type { Database } from './schema';

/** Static list, not a folder scan: works the same from tsx, a bundle or a test. Append, never edit. */
export const migrations: Readonly<Record<string, Migration>> = {
  '001-initial': initial,
  '002-pan-and-personal-details': panAndPersonalDetails,
  '003-step-data': stepData,
  '020-documents': documents,
  '030-identity-requests': identityRequests,
  '031-income-proofs': incomeProofs,
  '032-sandbox-requests': sandboxRequests,
  '010-bank-branches': bankBranches,
  '011-bank-accounts': bankAccounts,
  '040-audit': audit,
  '041-income-declarations': incomeDeclarations,
  '042-bank-sublet-codes': bankSubletCodes,
  '043-upload-kind-names': uploadKindNames,
  '050-applicant-turns': applicantTurns,
  '060-reviewers': reviewers,
  '061-analytics-events': analyticsEvents,
  '062-sandbox-media': sandboxMedia,
  '070-nominee-aadhaar-last-four': nomineeAadhaarLastFour,
  '071-data-rights-and-rectification': dataRightsAndRectification,
  '080-client-codes': clientCodes,
  '081-user-language': userLanguage,
  '090-simulator-records': simulatorRecords,
  '091-kra-status': kraStatus,
  '095-aggregator-data': aggregatorData,
  '097-rpd-vendor-requests': rpdVendorRequests,
  '100-config-releases': configReleases,
  '101-evidence-releases': evidenceReleases,
  '110-acknowledgements': acknowledgements,
  '111-nomination-references': nominationReferences,
  '112-contact-declarations': contactDeclarations,
  '113-help-requests': helpRequests,
  '114-shared-mobile': sharedMobile,
  '120-document-passwords': documentPasswords,
  '150-reviewed-answers': reviewedAnswers,
  '160-config-drafts': configDrafts,
  '161-draft-publish-times': draftPublishTimes,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the database to the latest migration; throws with the failing migration's name. Unordered: features take
 * number ranges of their own (releases 100-109 came after 110-120 were applied), so a database that already ran a
 * higher number still gets a lower one that is new to it.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
