/**
 * The demo organisation's content settings, as a deployment sets them in its environment: an ABC system link per
 * language, the home page's store and office videos and the academy's teaser, so that a newcomer sees every part of
 * the portal. The videos are small files shipped in content/files/videos; the ABC links go to a reserved example host.
 * They apply while DEMO_SEED is on, each only where the environment does not set it.
 */
export const DEMO_CONTENT_ENV: Readonly<Record<string, string>> = {
  ABC_LINK_LV: 'https://abc.example.com/lv/',
  ABC_LINK_LT: 'https://abc.example.com/lt/',
  ABC_LINK_EE: 'https://abc.example.com/ee/',
  ABC_LINK_EN: 'https://abc.example.com/en/',
  HOME_VIDEOS_STORE: JSON.stringify([{ title: 'Welcome to the store team', url: '/files/videos/store-welcome.webm' }]),
  HOME_VIDEOS_OFFICE: JSON.stringify([
    { title: 'Welcome to the office team', url: '/files/videos/office-welcome.webm' },
  ]),
  CMA_TEASER_VIDEO_URL: '/files/videos/cma-teaser.webm',
};
