import './zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { makeThumbnail } from './features/compose/thumbnail';
import { setThumbnailMaker } from './stores/compose-store';
import './styles/app.css';

// Compose's document list draws its thumbnails through the viewer's readers.
setThumbnailMaker(makeThumbnail);

const root = document.getElementById('root');
if (!root) throw new Error('Faxdesk: #root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
