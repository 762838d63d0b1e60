/** Where a project's page is (src/shared/routes.ts has the pattern). */
export const projectPath = (id: number) => `/projects/${id}`;
