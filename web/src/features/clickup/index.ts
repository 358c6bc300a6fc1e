export { ClickupConnectionPanel } from "./clickup-connection-panel";
export { SyncPanel } from "./sync-panel";
export { ClickupOAuthCallback } from "./oauth-callback-page";
