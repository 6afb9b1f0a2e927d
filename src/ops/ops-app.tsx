import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { mayDo } from '../../core/engine/ops-roles';
import { ApplicationPage } from './application-page';
import { FunnelPage } from './funnel-page';
import { ProvidersPage } from './providers-page';
import { OpsSessionProvider, useOpsSession } from './ops-session';
import { OpsShell } from './ops-shell';
import { t } from './ops-texts';
import { Queue } from './queue';
import { ReviewersPage } from './reviewers-page';
import { RequestsPage } from './requests-page';
import { SignIn } from './sign-in';
import './ops.css';

// The studio is for a few people: its own chunk, loaded when one of them opens it.
const StudioPage = lazy(() => import('./studio/studio-page'));
const DraftPage = lazy(() => import('./studio/draft-page'));
const PreviewPage = lazy(() => import('./studio/preview-page'));

/**
 * The back office at /ops (its own lazy chunk: nothing here loads with an applicant's page). A reviewer signs in by
 * email code; the applicant's session, if the browser has one, plays no part.
 */
export default function OpsApp() {
  return (
    <OpsSessionProvider>
      <OpsRoutes />
    </OpsSessionProvider>
  );
}

function OpsRoutes() {
  const { me, checking } = useOpsSession();
  if (checking) {
    return (
      <p className="ops-loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (!me) return <SignIn />;
  return (
    <OpsShell me={me}>
      <Routes>
        {/* Editors and approvers read no applicant's data: their console opens on the studio. */}
        <Route index element={mayDo(me.role, 'read') ? <Queue /> : <Navigate to="/ops/studio" replace />} />
        <Route path="applications/:id" element={<ApplicationPage />} />
        <Route path="funnel" element={<FunnelPage />} />
        <Route path="providers" element={<ProvidersPage />} />
        <Route path="reviewers" element={<ReviewersPage />} />
        <Route path="requests" element={<RequestsPage />} />
        <Route path="studio" element={<Suspense fallback={<p role="status">{t('loading')}</p>}><StudioPage /></Suspense>} />
        <Route path="studio/:id" element={<Suspense fallback={<p role="status">{t('loading')}</p>}><DraftPage /></Suspense>} />
        <Route path="studio/:id/preview" element={<Suspense fallback={<p role="status">{t('loading')}</p>}><PreviewPage /></Suspense>} />
        <Route path="*" element={<Navigate to="/ops" replace />} />
      </Routes>
    </OpsShell>
  );
}
