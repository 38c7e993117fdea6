/** Browser entry: mount the app, then the optional extras (analytics, web vitals). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import App from './App.jsx';
import { analytics } from './data/index.js';
import { loadAnalytics } from './analytics.js';
import reportWebVitals from './reportWebVitals.js';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

loadAnalytics(analytics.tagId);

// Pass a function (e.g. console.log) to measure Core Web Vitals; without one
// the web-vitals chunk is never fetched.
reportWebVitals();
