import { useParams } from "react-router";
import { ProjectHealth } from "@/features/projects/project-health";

export function Component() {
  const { projectId = "" } = useParams();
  return <ProjectHealth projectId={projectId} />;
}
