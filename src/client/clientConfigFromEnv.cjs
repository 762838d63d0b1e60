// Defaults for the build-time configuration (overridden by the environment at build time).
// Shared by vite.config.mts and jest.config.ts, hence CommonJS.
const API_FLAVORS = ['ticklist', 'strapi'];

/** VITE_API_FLAVOR: which server the SPA talks to; a misspelt value fails the build rather than guess. */
function apiFlavorFrom(value) {
  const flavor = value || 'ticklist';
  if (!API_FLAVORS.includes(flavor)) {
    throw new Error(`VITE_API_FLAVOR must be one of ${API_FLAVORS.join(', ')}, not "${value}"`);
  }
  return flavor;
}

module.exports = function clientConfigFromEnv(env, devTools) {
  return {
    apiUrl: env.VITE_API_URL || '',
    apiFlavor: apiFlavorFrom(env.VITE_API_FLAVOR),
    authorName: env.TICKLIST_AUTHOR_NAME || 'Ticklist contributors',
    githubUrl: env.TICKLIST_GITHUB_URL || 'https://github.com/ticklist',
    linkedinUrl: env.TICKLIST_LINKEDIN_URL || 'https://www.linkedin.com/company/ticklist',
    email: env.TICKLIST_EMAIL || 'hello@ticklist.app',
    devTools,
  };
};
