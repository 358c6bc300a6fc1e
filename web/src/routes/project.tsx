import { ProjectLayout } from "@/features/projects/project-layout";

/** /projects/:projectId — header card and the child views (spec §2, §7). */
export function Component() {
  return <ProjectLayout />;
}
