/** The one endpoint of the call protocol: `GET|POST /api?r=<route>` (architecture.md). */
export const API_PATH = '/api';
