import type { Config } from '../config.js';
import { contentFrameSource } from '../scorm/content-origin.js';

/** Only the portal's own scripts; frames only from the content origin (course player) and the configured survey hosts. */
export function contentSecurityPolicy(config: Config) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Dialog libraries add <style> elements at run time; no script can run from a style.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: ["'self'", ...contentFrameSource(config), ...config.SURVEY_FRAME_HOSTS],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
