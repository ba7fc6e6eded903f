/**
 * Sent by the web app on every API request. A page on another site cannot send a custom header
 * without a CORS preflight, which the API never grants, so a cookie request carrying it came from our
 * own pages even when a browser or an extension left Origin and Sec-Fetch-Site out.
 */
export const WEB_CLIENT_HEADER = 'x-wattle-client';
