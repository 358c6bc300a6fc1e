export * from "./auth";
export * from "./workspaces";
export * from "./clickup";
export * from "./operations";
export * from "./impersonation";
export * from "./audit";
export * from "./capacity";
export * from "./finance";
