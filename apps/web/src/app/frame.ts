// The signed-in frame and the home page load as one chunk: every sign-in lands on /home, and as chunks of their own
// they and the small modules they import were a dozen requests after the entry, two waves over the six connections a
// browser opens to one server (docs/benchmarks.md, "Lighthouse on /home").
export { AppLayout } from './AppLayout';
export { HomePage } from '../features/home/HomePage';
