/** The demo staff account's password for the browser-test server (playwright.config.ts sets it). */
export const E2E_STAFF_PASSWORD = 'E2e-Staff-Pass-2026';
