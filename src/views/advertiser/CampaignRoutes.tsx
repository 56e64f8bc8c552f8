// The advertiser's campaign screens under /campaigns (issue 13), one lazy module for the app's router: the entry
// chunk then names one chunk (and its preload list) instead of three, which keeps every public page smaller.
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

const Campaigns = lazy(() => import('./Campaigns').then((m) => ({ default: m.CampaignsScreen })));
const CampaignEditor = lazy(() => import('./CampaignEditor').then((m) => ({ default: m.CampaignEditorScreen })));
const CampaignPage = lazy(() => import('./CampaignPage').then((m) => ({ default: m.CampaignPageScreen })));

export function CampaignRoutes() {
  return (
    <Routes>
      <Route index element={<Campaigns />} />
      <Route path="new" element={<CampaignEditor />} />
      <Route path=":id" element={<CampaignPage />} />
      <Route path=":id/edit" element={<CampaignEditor />} />
    </Routes>
  );
}
