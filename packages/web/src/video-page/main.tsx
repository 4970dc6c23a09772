/**
 * Entry of /daily_video_call.html (second Vite entry). Loads only the video texts and the page;
 * daily-js is imported later, and only for Daily rooms.
 */
// First: zod's setting must be in place before any schema is built.
import '../lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '../lib/i18n';
import '../styles/tokens.css';
import '../styles/base.css';
import './video-page.css';
import { readVideoPageParams, VideoCallPage } from './VideoCallPage';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');
const params = readVideoPageParams(window.location.search, window.location.hash);

// Render once the texts are there: the page posts translated messages to its parent right away.
void initI18n(['video']).then(() => {
  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <VideoCallPage params={params} />
      </I18nextProvider>
    </StrictMode>,
  );
});
