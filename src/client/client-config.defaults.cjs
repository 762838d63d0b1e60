// Defaults for the build-time configuration (overridden by the environment at build time).
// Shared by vite.config.ts and jest.config.ts, hence CommonJS.
module.exports = function clientConfigFromEnv(env, devTools) {
  return {
    apiUrl: env.VITE_API_URL || '',
    authorName: env.TICKLIST_AUTHOR_NAME || 'Ticklist contributors',
    githubUrl: env.TICKLIST_GITHUB_URL || 'https://github.com/ticklist',
    linkedinUrl: env.TICKLIST_LINKEDIN_URL || 'https://www.linkedin.com/company/ticklist',
    email: env.TICKLIST_EMAIL || 'hello@ticklist.app',
    devTools,
  };
};
