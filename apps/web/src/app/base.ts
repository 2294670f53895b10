/** Where the server serves the built app (Vite `base`); the 404 button navigates here. */
export const APP_BASE = '/h5/gzh/';
