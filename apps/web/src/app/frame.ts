// The signed-in frame and the home page load as one chunk: every sign-in lands on /home, and as chunks of their own,
// with the small modules they import, they made /home ask for a dozen files and calls at once after the entry, two
// waves over the six connections a browser opens to one server (docs/performance.md, "The web app").
export { AppLayout } from './AppLayout';
export { HomePage } from '../features/home/HomePage';
